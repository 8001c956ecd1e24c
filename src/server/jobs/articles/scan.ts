// How long an alert's background scan (a news alert's, a newsletter's) waits for publishers' pages.

/** A background scan may wait longer than a person for publishers' pages. */
export const ALERT_READ_BUDGET_MS = 30_000;
