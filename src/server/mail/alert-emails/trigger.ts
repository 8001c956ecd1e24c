// A trigger event's message (issue 31): one short e-mail as it happens — what happened at the
// watched company, the names and figures the source states, one checked sentence on why it matters
// to the seller's solution, the source document, and the freshness receipt (published → found →
// sent), so the reader sees how fresh it is.
import { Link, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import type { StatementCount } from '../../../shared/library.ts';
import { type FreshnessReceipt, freshnessLine } from '../../../shared/triggers.ts';
import { httpUrl } from '../../sources/web/text.ts';
import { EmailLayout, mutedLine, paragraph, renderEmail, statementsLine, styles } from './layout.ts';
import type { EmailLinks, RenderedEmail } from './types.ts';

export type TriggerEmailProps = {
  title: string;
  /** What happened, from the source's own structure and words. */
  summary: string;
  /** The checked "why it matters" sentence; null when none is shown (see whyNote). */
  why: string | null;
  /** Why there is no such sentence, or what was dropped from it; null when nothing needs saying. */
  whyNote: string | null;
  source: { url: string; title: string; publisher: string };
  receipt: FreshnessReceipt;
  /** How the source's moment is named: 'Filed with the SEC', 'Published'. */
  publishedVerb: string;
  statements: StatementCount | null;
  /** Which of the user's alerts asked for this, e.g. "your news alert for Acme". */
  reason: string;
  links: EmailLinks;
};

function TriggerEmail(p: TriggerEmailProps) {
  const href = httpUrl(p.source.url);
  return h(
    EmailLayout,
    {
      preview: p.summary,
      eyebrow: 'As it happens',
      heading: p.title,
      reason: `You get this e-mail as it happens because ${p.reason} asks for these events in ${BRAND}.`,
      links: p.links,
    },
    paragraph(p.summary),
    p.why ? paragraph(`Why it matters: ${p.why}`) : null,
    p.whyNote ? mutedLine(p.whyNote) : null,
    h(
      Text,
      { style: styles.muted },
      `Source: ${p.source.publisher}`,
      href ? [' · ', h(Link, { key: 'source', href, style: styles.footerLink }, p.source.title)] : null,
    ),
    statementsLine(p.statements),
    mutedLine(freshnessLine(p.receipt, p.publishedVerb)),
  );
}

export function renderTriggerEmail(p: TriggerEmailProps): Promise<RenderedEmail> {
  return renderEmail(p.title, h(TriggerEmail, p));
}

export type TriggerRollupEmailProps = {
  title: string;
  /** Why these come together: "Held during your quiet hours." / "Beyond your daily limit of 10." */
  why: string;
  events: { title: string; summary: string; source: { url: string; title: string; publisher: string }; receipt: string }[];
  reason: string;
  links: EmailLinks;
};

function TriggerRollupEmail(p: TriggerRollupEmailProps) {
  return h(
    EmailLayout,
    {
      preview: p.events.map((e) => e.title).join(' · '),
      eyebrow: 'As it happens',
      heading: p.title,
      reason: `You get this e-mail because ${p.reason} asks for these events in ${BRAND}.`,
      links: p.links,
    },
    mutedLine(p.why),
    ...p.events.map((event, i) => {
      const href = httpUrl(event.source.url);
      return h(
        Section,
        { key: i, style: { margin: '16px 0 0' } },
        h(Text, { style: styles.articleTitlePlain }, event.title),
        paragraph(event.summary),
        h(
          Text,
          { style: styles.muted },
          `Source: ${event.source.publisher}`,
          href ? [' · ', h(Link, { key: 'source', href, style: styles.footerLink }, event.source.title)] : null,
        ),
        mutedLine(event.receipt),
      );
    }),
  );
}

export function renderTriggerRollupEmail(p: TriggerRollupEmailProps): Promise<RenderedEmail> {
  return renderEmail(p.title, h(TriggerRollupEmail, p));
}
