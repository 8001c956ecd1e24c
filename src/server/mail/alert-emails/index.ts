// Alert e-mails: one render function per mail, each giving the subject, the HTML and its plain-text
// twin. React Email templates written without JSX (ADR 011).

export { airReportTexts, renderAirReportEmail } from './air-report.ts';
export { renderEarningsDateMovedEmail } from './earnings-date-moved.ts';
export { DATES_CAN_MOVE, renderEarningsReminderEmail } from './earnings-reminder.ts';
export { renderEarningsSummaryEmail } from './earnings-summary.ts';
export { articlesReceipt, FRESHNESS_LABEL, freshnessFacts, newestPublished, withFreshnessLine } from './freshness.ts';
export { renderNewsAlertEmail, searchedNote } from './news-alert.ts';
export { newsletterTexts, renderNewsletterEmail } from './newsletter.ts';
export { renderTriggerEmail, renderTriggerRollupEmail, type TriggerEmailProps } from './trigger.ts';
