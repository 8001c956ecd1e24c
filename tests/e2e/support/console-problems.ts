// Issue 25 item 13: a journey fails on any console error or warning that is ours (a React or Radix
// warning, a header the browser rejects, a CSP violation, an uncaught error), and on nothing else.
import type { BrowserContext, ConsoleMessage } from '@playwright/test';

/** A console message as the filter sees it: its type, its text, and the address it names (a resource's, or the script's). */
export type ConsoleEntry = { type: string; text: string; url: string };

const SERVER_ANSWERED = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/**
 * The messages that are not the app's fault, each with the reason. Only these are let through:
 * anything else an error or warning says is a problem of ours.
 */
const NOT_OURS: { why: string; test: (entry: ConsoleEntry) => boolean }[] = [
  {
    // Chromium logs every 4xx answer to a request. The API's are answers the app reads and shows
    // (401: signed out; 400, 404, 409, 429: what the journeys provoke and check on the screen), and a
    // page the app has no route for is a 404 by design (issue 25 item 11). A 4xx for an asset
    // (a missing chunk) or any 5xx still counts.
    why: "the API's or a page's 4xx answer, logged by Chromium",
    test: ({ text, url }) => {
      const status = Number(SERVER_ANSWERED.exec(text)?.[1]);
      return status >= 400 && status < 500 && !(URL.canParse(url) && new URL(url).pathname.startsWith('/assets/'));
    },
  },
];

/** Whether the message is an error or warning of ours, which fails the journey. */
export function isOurProblem(entry: ConsoleEntry): boolean {
  if (entry.type !== 'error' && entry.type !== 'warning' && entry.type !== 'assert') return false;
  return !NOT_OURS.some((rule) => rule.test(entry));
}

const describe = (message: ConsoleMessage): ConsoleEntry => ({ type: message.type(), text: message.text(), url: message.location().url });

/**
 * Collects the problems of every page of `context` (popups included): console errors and warnings
 * of ours, and uncaught errors.
 */
export function watchConsole(context: BrowserContext, into: string[]) {
  context.on('console', (message) => {
    const entry = describe(message);
    if (isOurProblem(entry)) into.push(`console ${entry.type}: ${entry.text}${entry.url ? ` (${entry.url})` : ''}`);
  });
  context.on('weberror', (error) => into.push(`uncaught: ${error.error().message}`));
}
