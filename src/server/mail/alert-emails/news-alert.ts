// The news alert: the AI's headline and analysis for one company, and the articles it rests on.
import { createElement as h } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { etDay, etTime, freshnessLine } from '../../../shared/triggers.ts';
import { ArticleList, EmailLayout, heading2, mutedLine, paragraph, renderEmail, statementsLine } from './layout.ts';
import type { NewsAlertEmailProps, RenderedEmail } from './types.ts';

function NewsAlertEmail(p: NewsAlertEmailProps) {
  const keywords = p.keywords.filter((k) => k.trim() !== '');
  return h(
    EmailLayout,
    {
      preview: p.analysis || p.headline,
      eyebrow: `News alert · ${p.companyName}`,
      heading: p.headline,
      reason: `You get this e-mail because you set up a news alert for ${p.companyName} in ${BRAND}.`,
      links: p.links,
    },
    keywords.length > 0 ? mutedLine(`Keywords: ${keywords.join(', ')}`) : null,
    paragraph(p.analysis),
    statementsLine(p.statements),
    p.articles.length > 0 ? heading2(p.articles.length === 1 ? 'Source' : 'Sources') : null,
    h(ArticleList, { articles: p.articles }),
    mutedLine(searchedNote(p.searchedAt)),
    mutedLine(freshnessLine(p.receipt)),
  );
}

/** When the news was searched, and that later news comes next time (the library's copy says it too). */
export const searchedNote = (iso: string) => `News searched ${searchedLabel(iso)}; anything published later comes in your next alert.`;

/**
 * e.g. "at 8:41 AM ET on Nov 25". With the shared formatters: toLocale*String with options built two
 * per call, 8% of a worker's CPU in the 9 AM burst (every commit writes this note into the library).
 */
function searchedLabel(iso: string): string {
  const at = new Date(iso);
  return `at ${etTime.format(at)} ET on ${etDay.format(at)}`;
}

export function renderNewsAlertEmail(p: NewsAlertEmailProps): Promise<RenderedEmail> {
  // A headline that already names the company is the subject as it is ("Apple: Apple opens…" reads twice).
  const named = p.headline.toLowerCase().startsWith(p.companyName.toLowerCase());
  return renderEmail(named ? p.headline : `${p.companyName}: ${p.headline}`, h(NewsAlertEmail, p));
}
