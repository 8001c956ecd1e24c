// The earnings summary after the call: the key summary, findings and quotes from the results
// release or transcript, with links to those documents.
import { Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { ArticleList, colors, EmailLayout, heading2, paragraph, renderEmail, statementsLine, styles } from './layout.ts';
import type { EarningsSummaryEmailProps, RenderedEmail } from './types.ts';

const quoteStyle = { borderLeft: `3px solid ${colors.brand500}`, margin: '0 0 12px', padding: '0 0 0 12px' };

function EarningsSummaryEmail(p: EarningsSummaryEmailProps) {
  return h(
    EmailLayout,
    {
      preview: p.keySummary,
      eyebrow: `Earnings summary · ${p.companyName} (${p.ticker})`,
      heading: `${p.companyName} (${p.ticker}) ${p.periodLabel}`,
      reason: `You get this e-mail because you track earnings for ${p.companyName} in ${BRAND}.`,
      links: p.links,
    },
    paragraph(p.keySummary),
    p.keyFindings.length > 0 ? heading2('Key findings') : null,
    p.keyFindings.length > 0
      ? h(
          'ul',
          { style: { margin: '0 0 12px', paddingLeft: '20px' } },
          p.keyFindings.map((finding, i) => h('li', { key: i, style: { ...styles.paragraph, margin: '0 0 6px' } }, finding)),
        )
      : null,
    statementsLine(p.statements),
    p.quotes.length > 0 ? heading2('Quotes') : null,
    p.quotes.map((quote, i) =>
      h(
        Section,
        { key: i, style: quoteStyle },
        h(Text, { style: { ...styles.paragraph, fontStyle: 'italic', margin: 0 } }, `“${quote.text}”`),
        quote.speaker ? h(Text, { style: styles.articleMeta }, `— ${quote.speaker}`) : null,
      ),
    ),
    p.sources.length > 0 ? heading2(p.sources.length === 1 ? 'Source' : 'Sources') : null,
    h(ArticleList, { articles: p.sources }),
  );
}

export function renderEarningsSummaryEmail(p: EarningsSummaryEmailProps): Promise<RenderedEmail> {
  return renderEmail(`${p.companyName} (${p.ticker}) ${p.periodLabel}`, h(EarningsSummaryEmail, p));
}
