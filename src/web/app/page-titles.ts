import { BRAND } from '../../shared/constants.ts';

const names: Record<string, string> = {
  '/': 'Welcome',
  '/hello': 'Overview',
  '/login': 'Login',
  '/email-otp': 'One-Time Code',
  '/two-factor': 'Two-Factor Sign-In',
  '/two-factor-setup': 'Set Up a Second Factor',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/create-password': 'Create Password',
  '/invite-only': 'Registration',
  '/unsubscribe': 'Unsubscribe',
  '/profile-completion': 'Complete Profile',
  '/profile': 'Profile',
  '/content-os': 'Content OS',
  '/wolfebot': 'Wolfebot Assistant',
  '/client-portal': 'Resource Library',
  '/library': 'Library',
  '/air': 'Account Intelligence Report',
  '/sandbox': 'Navigation Restructure Sandbox',
  '/aurora-os/company-news': 'Company Research',
  '/aurora-os/trends': 'Trend Scanner',
  '/aurora-os/earnings': 'Earnings Analysis',
  '/sonar-os/news': 'News Alerts',
  '/sonar-os/newsletter': 'Newsletter',
  '/sonar-os/earnings': 'Earnings Alerts',
  '/sonar-os/channels': 'Delivery Channels',
  '/success-center': 'Success Center',
  '/privacy-policy': 'Privacy Policy',
  '/tos': 'Terms of Service',
  '/admin': 'Operator console',
};

/** '<page name> | <brand>'; the brand alone for /homepage; '404 Not Found' for unknown paths. */
export function documentTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/homepage') return BRAND;
  const name =
    names[path] ??
    (/^\/air\/reports\/[^/]+$/.test(path)
      ? names['/air']
      : /^\/library\/[^/]+$/.test(path)
        ? names['/library']
        : /^\/admin\/[^/]+$/.test(path)
          ? names['/admin']
          : undefined);
  return name ? `${name} | ${BRAND}` : `404 Not Found | ${BRAND}`;
}
