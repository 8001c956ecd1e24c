// Every route of both spec route tables (their paths are listed in shared/web-routes.ts too, for
// the server: it answers any other path with status 404). Each screen is its own lazy chunk, so the public pages
// load only what they show; the landing and sign-in pages, small and the most visited first screens,
// come with the app's own code, so they paint without waiting for a second download (issue 16).
import { Navigate, type RouteObject } from 'react-router';
import type { WebRoute } from '../../shared/web-routes.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { LandingPage } from '../features/public/landing-page.tsx';
import { FlagGate } from './shell/flag-gate.tsx';
import { NotFoundPage } from './shell/not-found-page.tsx';
import { ProtectedRoute } from './shell/protected-route.tsx';
import { RootLayout } from './shell/root-layout.tsx';
import { RouterErrorPage } from './shell/router-error-page.tsx';

type Loader = () => Promise<{ [name: string]: unknown }>;
/** A route whose component is the named export of a lazily imported module. */
const page = (path: WebRoute, load: Loader, name: string): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
});

const publicRoutes: RouteObject[] = [
  { path: '/', Component: LandingPage },
  page('/hello', () => import('../features/public/hello-page.tsx'), 'HelloPage'),
  page('/tos', () => import('../features/public/legal-pages.tsx'), 'TermsPage'),
  page('/privacy-policy', () => import('../features/public/legal-pages.tsx'), 'PrivacyPage'),
  { path: '/login', Component: LoginPage },
  page('/email-otp', () => import('../features/auth/email-otp-page.tsx'), 'EmailOtpPage'),
  page('/forgot-password', () => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  page('/reset-password', () => import('../features/auth/password-link-pages.tsx'), 'ResetPasswordPage'),
  page('/create-password', () => import('../features/auth/password-link-pages.tsx'), 'CreatePasswordPage'),
  page('/invite-only', () => import('../features/auth/invite-only-page.tsx'), 'InviteOnlyPage'),
  page('/unsubscribe', () => import('../features/unsubscribe/unsubscribe-page.tsx'), 'UnsubscribePage'),
];

const protectedRoutes: RouteObject[] = [
  page('/profile-completion', () => import('../features/profile/profile-completion-page.tsx'), 'ProfileCompletionPage'),
  page('/profile', () => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
  page('/homepage', () => import('../features/dashboard/home-page.tsx'), 'HomePage'),
  page('/content-os', () => import('../features/content/content-page.tsx'), 'ContentOsPage'),
  page('/wolfebot', () => import('../features/wolfebot/wolfebot-page.tsx'), 'WolfebotPage'),
  page('/library', () => import('../features/library/library-page.tsx'), 'LibraryPage'),
  page('/library/:id', () => import('../features/library/item-page.tsx'), 'LibraryItemPage'),
  page('/air', () => import('../features/air/air-page.tsx'), 'AirPage'),
  page('/air/reports/:id', () => import('../features/air/report-page.tsx'), 'AirReportPage'),
  page('/aurora-os/company-news', () => import('../features/research/company-news-page.tsx'), 'CompanyNewsPage'),
  page('/aurora-os/trends', () => import('../features/research/trends-page.tsx'), 'TrendsPage'),
  page('/aurora-os/earnings', () => import('../features/research/earnings-page.tsx'), 'EarningsAnalysisPage'),
  page('/sonar-os/news', () => import('../features/news-alerts/news-alerts-page.tsx'), 'NewsAlertsPage'),
  page('/sonar-os/newsletter', () => import('../features/newsletter/newsletter-page.tsx'), 'NewsletterPage'),
  page('/sonar-os/earnings', () => import('../features/earnings-alerts/earnings-alerts-page.tsx'), 'EarningsAlertsPage'),
  page('/success-center', () => import('../features/success-center/success-center-page.tsx'), 'SuccessCenterPage'),
  { path: '/sonar-os', element: <Navigate to="/sonar-os/news" replace /> },
  { path: '/aurora-os', element: <Navigate to="/aurora-os/company-news" replace /> },
  {
    element: <FlagGate flag="enableNavigationRestructure" />,
    children: [page('/sandbox', () => import('../features/placeholders/screens.tsx'), 'SandboxPage')],
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouterErrorPage />,
    // A first screen that is a lazy route shows nothing until its code is in (preloaded with the
    // page: vite.config.ts route-preload); said here, or React Router warns on every such page.
    HydrateFallback: () => null,
    children: [
      ...publicRoutes,
      {
        element: <ProtectedRoute />,
        children: [
          { lazy: async () => ({ Component: (await import('./shell/app-shell.tsx')).AppShell }), children: protectedRoutes },
          // Full-screen, without the shell.
          page('/client-portal', () => import('../features/client-portal/resource-library-page.tsx'), 'ResourceLibraryPage'),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
