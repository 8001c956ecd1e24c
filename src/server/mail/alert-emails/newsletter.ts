// The newsletter digest: the portfolio companies first, then the industry's topics, each with its
// summary and linked sources.
import { Section } from '@react-email/components';
import { createElement as h } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { freshnessLine } from '../../../shared/triggers.ts';
import { ArticleList, EmailLayout, heading2, mutedLine, paragraph, renderEmail, statementsLine, styles } from './layout.ts';
import type { NewsletterEmailProps, NewsletterSection, RenderedEmail } from './types.ts';

/** The digest's group labels and its empty line; the library's copy says the same. */
export const newsletterTexts = {
  portfolio: 'Your portfolio',
  trends: (industry: string) => `${industry} trends`,
  nothingNew: 'Nothing new in this period.',
};

function DigestSection({ section }: { section: NewsletterSection }) {
  return h(
    Section,
    null,
    heading2(section.title),
    section.summary ? paragraph(section.summary) : null,
    h(ArticleList, { articles: section.items }),
  );
}

function Group({ title, sections }: { title: string; sections: NewsletterSection[] }) {
  if (sections.length === 0) return null;
  return h(
    Section,
    { style: { marginTop: '8px' } },
    h('p', { style: { ...styles.eyebrow, marginTop: '16px' } }, title),
    sections.map((section, i) => h(DigestSection, { key: i, section })),
  );
}

function NewsletterEmail(p: NewsletterEmailProps) {
  const companies = p.sections.filter((s) => s.kind === 'company');
  const topics = p.sections.filter((s) => s.kind === 'topic');
  const regions = p.regions.filter((r) => r.trim() !== '');
  return h(
    EmailLayout,
    {
      preview: `${p.industry} digest · ${p.periodLabel}`,
      eyebrow: 'Newsletter',
      heading: `${p.industry} digest`,
      reason: `You get this e-mail because you subscribed to the ${p.industry} newsletter in ${BRAND}.`,
      links: p.links,
    },
    mutedLine(regions.length > 0 ? `${p.periodLabel} · Regions: ${regions.join(', ')}` : p.periodLabel),
    p.note ? paragraph(p.note) : null,
    statementsLine(p.statements),
    h(Group, { title: newsletterTexts.portfolio, sections: companies }),
    h(Group, { title: newsletterTexts.trends(p.industry), sections: topics }),
    p.sections.length === 0 ? paragraph(newsletterTexts.nothingNew) : null,
    mutedLine(freshnessLine(p.receipt)),
  );
}

export function renderNewsletterEmail(p: NewsletterEmailProps): Promise<RenderedEmail> {
  return renderEmail(`${p.industry} digest · ${p.periodLabel}`, h(NewsletterEmail, p));
}
