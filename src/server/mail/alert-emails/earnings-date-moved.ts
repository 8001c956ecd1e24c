// The "date moved" alert (issue 29 §2): a tracked company's next earnings date changed while it was
// still ahead. Old → new date, the source of the new one, delay or advance and by how much, and one
// line on what that means for a seller, built from those facts alone.
import { Link, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { httpUrl } from '../../sources/web/text.ts';
import { EmailLayout, mutedLine, paragraph, renderEmail, styles } from './layout.ts';
import type { EarningsDateMovedEmailProps, RenderedEmail } from './types.ts';

const subjectOf = (p: EarningsDateMovedEmailProps) =>
  `${p.companyName} (${p.ticker}) earnings date moved: ${p.previousDateLabel} → ${p.dateLabel}`;

function EarningsDateMovedEmail(p: EarningsDateMovedEmailProps) {
  const href = httpUrl(p.sourceUrl);
  return h(
    EmailLayout,
    {
      preview: `${p.change}: ${p.previousDateLabel} → ${p.dateLabel}.`,
      eyebrow: 'Earnings date moved',
      heading: subjectOf(p),
      reason: `You get this e-mail because you track earnings for ${p.companyName} in ${BRAND}.`,
      links: p.links,
    },
    h(Text, { style: styles.badge }, p.change),
    paragraph(`Previous date: ${p.previousDateLabel}`),
    paragraph(`New date: ${p.dateLabel} (${p.statusLabel})`),
    h(
      Text,
      { style: styles.muted },
      `Source: ${p.sourceName}`,
      href ? [' ', h(Link, { key: 'source', href, style: styles.footerLink }, new URL(href).host)] : null,
    ),
    paragraph(p.why),
    mutedLine('Your earnings calendar shows the new date; its event updates in place.'),
  );
}

export function renderEarningsDateMovedEmail(p: EarningsDateMovedEmailProps): Promise<RenderedEmail> {
  return renderEmail(subjectOf(p), h(EarningsDateMovedEmail, p));
}
