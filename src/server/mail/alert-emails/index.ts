// Alert e-mails: one render function per mail, each giving the subject, the HTML and its plain-text
// twin. React Email templates written without JSX (ADR 011).

export { renderAirReportEmail } from './air-report.ts';
export { renderEarningsReminderEmail } from './earnings-reminder.ts';
export { renderEarningsSummaryEmail } from './earnings-summary.ts';
export { renderNewsAlertEmail } from './news-alert.ts';
export { renderNewsletterEmail } from './newsletter.ts';
