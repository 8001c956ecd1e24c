// Issue 25 item 13: a journey fails on any console error or warning that is ours (a React or Radix
// warning, a header the browser rejects, a CSP violation, a server error, a missing chunk, an
// uncaught error), and on nothing else.
import type { BrowserContext } from '@playwright/test';

/** A console message as the filter sees it: its type, its text, and the address it names (a resource's, or the script's). */
export type ConsoleEntry = { type: string; text: string; url: string };

const FAILED_LOAD = /^Failed to load resource: /;
const SERVER_ANSWERED = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/**
 * The errors and warnings that are not the app's fault, each with the reason. Only these are let
 * through: anything else is a problem of ours.
 */
const NOT_OURS: { why: string; test: (entry: ConsoleEntry) => boolean }[] = [
  {
    // Chromium logs every answer with an error status. The API's are answers the app reads and
    // shows, and the journeys check it does: 4xx (401: signed out; 400, 404, 409, 429: bad input, a
    // spent link, a limit), 502 (a third party failed: the fake AI's failures) and 503 (a service not
    // configured, or down). A page the app has no route for is a 404 by design (issue 25 item 11).
    // A 500 (the server's own fault) and any failure of one of the app's files still count.
    why: "the API's and the pages' answers that the app shows, logged by Chromium",
    test: ({ text, url }) => {
      const status = Number(SERVER_ANSWERED.exec(text)?.[1]);
      const path = URL.canParse(url) ? new URL(url).pathname : '';
      if (!status || path.startsWith('/assets/')) return false;
      return (status >= 400 && status < 500) || (path.startsWith('/api/') && (status === 502 || status === 503));
    },
  },
  {
    // posthog-js drops the events of a browser whose user agent says "HeadlessChrome", as the test
    // browser's does, and says so; a person's browser does not.
    why: "PostHog ignoring the headless test browser's user agent",
    test: ({ text }) => text.startsWith('[PostHog.js] Events are being dropped because the user agent looks like a bot'),
  },
];

/** Whether the message is an error or warning of ours, which fails the journey. */
export function isOurProblem(entry: ConsoleEntry): boolean {
  if (entry.type !== 'error' && entry.type !== 'warning' && entry.type !== 'assert') return false;
  return !NOT_OURS.some((rule) => rule.test(entry));
}

/**
 * Collects the problems of every page of the contexts it watches (popups included): console errors
 * and warnings of ours, and uncaught errors.
 */
export class ConsoleWatch {
  private seen: { entry: ConsoleEntry; problem: string }[] = [];
  /** Requests the journey answered or failed itself (route.fulfill, route.abort): what Chromium logs of them is provoked, not ours. */
  private provoked = new Set<string>();
  private pending = new Set<Promise<unknown>>();

  watch(context: BrowserContext) {
    context.on('response', (response) => {
      if (response.status() < 400) return;
      // A response the journey made up has no server address.
      const check = response.serverAddr().then(
        (address) => address === null && this.provoked.add(response.url()),
        () => {},
      );
      this.pending.add(check);
      void check.finally(() => this.pending.delete(check));
    });
    // What route.abort() fails a request with; the server's answers and real network errors are otherwise.
    context.on('requestfailed', (request) => request.failure()?.errorText === 'net::ERR_FAILED' && this.provoked.add(request.url()));
    context.on('console', (message) => {
      const entry = { type: message.type(), text: message.text(), url: message.location().url };
      if (isOurProblem(entry))
        this.seen.push({ entry, problem: `console ${entry.type}: ${entry.text}${entry.url ? ` (${entry.url})` : ''}` });
    });
    context.on('weberror', (error) =>
      this.seen.push({ entry: { type: 'uncaught', text: error.error().message, url: '' }, problem: `uncaught: ${error.error().message}` }),
    );
  }

  /** The problems seen so far, which are then forgotten. */
  async take(): Promise<string[]> {
    await Promise.all(this.pending);
    return this.seen
      .splice(0)
      .filter(({ entry }) => !(FAILED_LOAD.test(entry.text) && this.provoked.has(entry.url)))
      .map(({ problem }) => problem);
  }
}
