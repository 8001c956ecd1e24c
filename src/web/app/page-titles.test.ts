import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-titles.ts';

describe('documentTitle', () => {
  it.each([
    ['/login', 'Login | Enterprise OS'],
    ['/homepage', 'Enterprise OS'],
    ['/sonar-os/news', 'News Alerts | Enterprise OS'],
    ['/sonar-os/newsletter', 'Newsletter | Enterprise OS'],
    ['/sonar-os/earnings', 'Earnings Alerts | Enterprise OS'],
    ['/sonar-os/channels', 'Delivery Channels | Enterprise OS'],
    ['/success-center', 'Success Center | Enterprise OS'],
    ['/unsubscribe', 'Unsubscribe | Enterprise OS'],
    ['/login/', 'Login | Enterprise OS'],
    ['/air/reports/3f1c9a52-6d1e-4b7a-9f2e-0a1b2c3d4e5f', 'Account Intelligence Report | Enterprise OS'],
    ['/air/reports/', '404 Not Found | Enterprise OS'],
    ['/library', 'Library | Enterprise OS'],
    ['/library/3f1c9a52-6d1e-4b7a-9f2e-0a1b2c3d4e5f', 'Library | Enterprise OS'],
    ['/library/a/b', '404 Not Found | Enterprise OS'],
    ['/air/reports/a/b', '404 Not Found | Enterprise OS'],
    ['/nope', '404 Not Found | Enterprise OS'],
    ['/admin', 'Operator console | Enterprise OS'],
    ['/admin/users', 'Operator console | Enterprise OS'],
  ])('%s → %s', (path, title) => {
    expect(documentTitle(path)).toBe(title);
  });
});
