// Alert e-mails: one render function per mail, HTML and plain text.
// PLACEHOLDER (issue 5 in progress): plain escaped HTML until the React Email templates replace it.
import { BRAND } from '../../../shared/constants.ts';
import type {
  EarningsReminderEmailProps,
  EarningsSummaryEmailProps,
  EmailArticle,
  EmailLinks,
  NewsAlertEmailProps,
  NewsletterEmailProps,
  RenderedEmail,
} from './types.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const articleText = (a: EmailArticle) =>
  `- ${a.title}${a.publisher ? ` (${a.publisher})` : ''}\n  ${a.url}${a.summary ? `\n  ${a.summary}` : ''}`;
const articleHtml = (a: EmailArticle) =>
  `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.title)}</a>${a.publisher ? ` (${escapeHtml(a.publisher)})` : ''}${a.summary ? `<br>${escapeHtml(a.summary)}` : ''}</li>`;
const footerText = (l: EmailLinks) => `View in ${BRAND}: ${l.viewInApp}\nManage this alert: ${l.manage}\nUnsubscribe: ${l.unsubscribe}`;
const footerHtml = (l: EmailLinks) =>
  `<p><a href="${escapeHtml(l.viewInApp)}">View in ${BRAND}</a> · <a href="${escapeHtml(l.manage)}">Manage this alert</a> · <a href="${escapeHtml(l.unsubscribe)}">Unsubscribe</a></p>`;

export async function renderNewsAlertEmail(p: NewsAlertEmailProps): Promise<RenderedEmail> {
  return {
    subject: `${p.companyName}: ${p.headline}`,
    text: `${p.headline}\n\n${p.analysis}\n\n${p.articles.map(articleText).join('\n')}\n\n${footerText(p.links)}`,
    html: `<h1>${escapeHtml(p.headline)}</h1><p>${escapeHtml(p.analysis)}</p><ul>${p.articles.map(articleHtml).join('')}</ul>${footerHtml(p.links)}`,
  };
}

export async function renderNewsletterEmail(p: NewsletterEmailProps): Promise<RenderedEmail> {
  return {
    subject: `${p.industry} · ${p.periodLabel}`,
    text: `${p.periodLabel}\n\n${p.sections.map((s) => `${s.title}\n${s.summary}\n${s.items.map(articleText).join('\n')}`).join('\n\n')}\n\n${footerText(p.links)}`,
    html: `<h1>${escapeHtml(p.industry)}</h1>${p.sections.map((s) => `<h2>${escapeHtml(s.title)}</h2><p>${escapeHtml(s.summary)}</p><ul>${s.items.map(articleHtml).join('')}</ul>`).join('')}${footerHtml(p.links)}`,
  };
}

export async function renderEarningsReminderEmail(p: EarningsReminderEmailProps): Promise<RenderedEmail> {
  const line = `${p.companyName} (${p.ticker}) reports earnings ${p.dateLabel} (${p.confidenceLabel}).`;
  return {
    subject: `${p.companyName} reports earnings ${p.dateLabel}`,
    text: `${line}\nSource: ${p.sourceUrl}\n\n${footerText(p.links)}`,
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(p.sourceUrl)}">Source</a></p>${footerHtml(p.links)}`,
  };
}

export async function renderEarningsSummaryEmail(p: EarningsSummaryEmailProps): Promise<RenderedEmail> {
  return {
    subject: `${p.companyName} ${p.periodLabel}`,
    text: `${p.keySummary}\n\n${p.keyFindings.map((f) => `- ${f}`).join('\n')}\n\n${p.sources.map(articleText).join('\n')}\n\n${footerText(p.links)}`,
    html: `<p>${escapeHtml(p.keySummary)}</p><ul>${p.keyFindings.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul><ul>${p.sources.map(articleHtml).join('')}</ul>${footerHtml(p.links)}`,
  };
}
