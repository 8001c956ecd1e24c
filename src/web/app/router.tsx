// Every route of both spec route tables (their paths are listed in shared/web-routes.ts too, for
// the server: it answers any other path with status 404). Each screen is its own lazy chunk, so the public pages
// load only what they show, the landing and sign-in pages too (issue 27: each was a fiftieth of the
// other's JavaScript); a first screen's chunks are requested with the main file (vite.config.ts
// route-preload), so it paints without waiting for a second download (issue 16). The landing and
// sign-in pages come without TanStack Query's code: the other screens are under its provider, a lazy
// layout route (issue 27).
// The routes are rendered by React Router's declarative router (app.tsx: a HistoryRouter on
// history.ts, useRoutes): the app uses no loader, action or fetcher, and the data router's code was
// about a sixth of the first screens' JavaScript (issue 27).
import { type ComponentType, use } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { WebRoute } from '../../shared/web-routes.ts';
import { RootLayout } from './shell/root-layout.tsx';

type Loader = () => Promise<{ [name: string]: unknown }>;
/** A screen whose code is a chunk of its own; `load` starts loading it (once), undefined once it is in. */
type LazyScreen = ComponentType & { load: () => Promise<unknown> | undefined };

/**
 * The named export of a lazily imported module as a route's component. Until its code is in it
 * suspends; the first screen (main.tsx) and navigations (history.ts) wait for it, as the data
 * router's lazy routes did, so it is a fallback only. Once loaded it renders at once. A chunk that
 * fails to load throws to the screens' error boundary, every time, as the data router's did.
 */
export function lazyScreen(load: Loader, name: string): LazyScreen {
  let Screen: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () => {
    if (Screen) return undefined;
    loading ??= load().then((module) => {
      Screen = module[name] as ComponentType;
      return Screen;
    });
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route, with the route table at load, never in a render
  function Lazy() {
    const Loaded = Screen ?? use(start()!);
    return <Loaded />;
  }
  Lazy.load = start;
  return Lazy;
}

/** A route whose component is the named export of a lazily imported module. */
const page = (path: WebRoute, load: Loader, name: string): RouteObject => ({ path, Component: lazyScreen(load, name) });

/** The most visited first screens, outside TanStack Query's provider. */
const firstScreens: RouteObject[] = [
  page('/', () => import('../features/public/landing-page.tsx'), 'LandingPage'),
  page('/login', () => import('../features/auth/login-page.tsx'), 'LoginPage'),
];

const publicRoutes: RouteObject[] = [
  page('/hello', () => import('../features/public/hello-page.tsx'), 'HelloPage'),
  page('/tos', () => import('../features/public/legal-pages.tsx'), 'TermsPage'),
  page('/privacy-policy', () => import('../features/public/legal-pages.tsx'), 'PrivacyPage'),
  page('/email-otp', () => import('../features/auth/email-otp-page.tsx'), 'EmailOtpPage'),
  page('/two-factor', () => import('../features/auth/two-factor-page.tsx'), 'TwoFactorPage'),
  page('/forgot-password', () => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  page('/reset-password', () => import('../features/auth/password-link-pages.tsx'), 'ResetPasswordPage'),
  page('/create-password', () => import('../features/auth/password-link-pages.tsx'), 'CreatePasswordPage'),
  page('/invite-only', () => import('../features/auth/invite-only-page.tsx'), 'InviteOnlyPage'),
  page('/unsubscribe', () => import('../features/unsubscribe/unsubscribe-page.tsx'), 'UnsubscribePage'),
];

/** Signed-in users only (its code uses the session's query). */
const SignedInOnly = lazyScreen(() => import('./shell/protected-route.tsx'), 'ProtectedRoute');
/** The sidebar and the page's frame of every signed-in screen. */
const Shell = lazyScreen(() => import('./shell/app-shell.tsx'), 'AppShell');

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
  page('/sonar-os/channels', () => import('../features/channels/channels-page.tsx'), 'ChannelsPage'),
  page('/success-center', () => import('../features/success-center/success-center-page.tsx'), 'SuccessCenterPage'),
  { path: '/sonar-os', element: <Navigate to="/sonar-os/news" replace /> },
  { path: '/aurora-os', element: <Navigate to="/aurora-os/company-news" replace /> },
  {
    Component: lazyScreen(() => import('./shell/flag-gate.tsx'), 'NavigationRestructureGate'),
    children: [page('/sandbox', () => import('../features/placeholders/screens.tsx'), 'SandboxPage')],
  },
];

/**
 * The operator console (issue 28 §3), in the shell, for operators only: anyone else, signed in or
 * not, gets the 404 page, as the server's status for the path says (shared/web-routes.ts).
 */
const operatorRoutes: RouteObject[] = [
  page('/admin', () => import('../features/admin/admin-page.tsx'), 'AdminPage'),
  page('/admin/:section', () => import('../features/admin/admin-page.tsx'), 'AdminPage'),
];

export const routes: RouteObject[] = [
  {
    // Its error boundary is the screens' (app.tsx ScreenErrorBoundary, the RouterErrorPage).
    element: <RootLayout />,
    children: [
      ...firstScreens,
      {
        Component: lazyScreen(() => import('./query-provider.tsx'), 'QueryProvider'),
        children: [
          ...publicRoutes,
          {
            Component: SignedInOnly,
            children: [
              { Component: Shell, children: protectedRoutes },
              // Full-screen, without the shell.
              page('/two-factor-setup', () => import('../features/profile/two-factor-setup-page.tsx'), 'TwoFactorSetupPage'),
              page('/client-portal', () => import('../features/client-portal/resource-library-page.tsx'), 'ResourceLibraryPage'),
            ],
          },
          {
            Component: lazyScreen(() => import('./shell/operator-only.tsx'), 'OperatorOnly'),
            children: [{ Component: Shell, children: operatorRoutes }],
          },
        ],
      },
      { path: '*', Component: lazyScreen(() => import('./shell/not-found-page.tsx'), 'NotFoundPage') },
    ],
  },
];

/** Whether the screen at this path is a signed-in one (behind ProtectedRoute). */
export const isSignedInScreen = (pathname: string): boolean =>
  Boolean(matchRoutes(routes, pathname)?.some(({ route }) => route.Component === SignedInOnly));

/** The loading of the code of the lazy screens at this path, or null when it is all in. */
export function loadScreens(pathname: string): Promise<unknown> | null {
  const loading = (matchRoutes(routes, pathname) ?? []).flatMap(
    ({ route }) => (route.Component as Partial<LazyScreen> | null | undefined)?.load?.() ?? [],
  );
  return loading.length ? Promise.all(loading) : null;
}
