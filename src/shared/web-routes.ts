// The web app's routes (src/web/app/router.tsx routes exactly these; its unit test holds the two
// equal). The server answers any other path with the app's HTML and status 404 (issue 25 item 11):
// the app draws its 404 page, and monitors, crawlers and scripts see that nothing is there.
export const WEB_ROUTES = [
  '/',
  '/hello',
  '/tos',
  '/privacy-policy',
  '/login',
  '/email-otp',
  // The second step of a sign-in, and the set-up a required second factor sends to (issue 30).
  '/two-factor',
  '/two-factor-setup',
  '/forgot-password',
  '/reset-password',
  '/create-password',
  '/invite-only',
  '/unsubscribe',
  '/profile-completion',
  '/profile',
  '/homepage',
  '/content-os',
  '/wolfebot',
  '/library',
  '/library/:id',
  '/air',
  '/air/reports/:id',
  '/aurora-os',
  '/aurora-os/company-news',
  '/aurora-os/trends',
  '/aurora-os/earnings',
  '/sonar-os',
  '/sonar-os/news',
  '/sonar-os/newsletter',
  '/sonar-os/earnings',
  // Delivery channels (issue 29): not in the spec's sidebar; the alert cards link to it.
  '/sonar-os/channels',
  '/success-center',
  '/sandbox',
  '/client-portal',
  // The operator console (issue 28 §3): the server answers 404 here to anyone but an operator (isOperatorRoute).
  '/admin',
  '/admin/:section',
] as const;

export type WebRoute = (typeof WEB_ROUTES)[number];

// Matched as React Router matches them: percent-escapes decoded (but %2F, which stays inside its
// segment), letter case ignored, trailing slashes allowed, a :param is one non-empty segment.
const patterns = WEB_ROUTES.map((route) => new RegExp(`^${route.replace(/\/$/, '').replace(/:[\w-]+/g, '[^/]+')}/*$`, 'i'));

/** The path as React Router matches it: percent-escapes decoded, or as it is when one is malformed. */
function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** Whether the web app has a page at this path, as the browser sends it (else the app draws its 404 page). */
export function isWebRoute(pathname: string): boolean {
  const path = decoded(pathname);
  return patterns.some((pattern) => pattern.test(path));
}

const operatorPattern = /^\/admin(\/|$)/i;

/** Whether the path is the operator console's, as the router would match it: a page only operators are told exists. */
export const isOperatorRoute = (pathname: string): boolean => operatorPattern.test(decoded(pathname));
