// The earnings reminder: when a tracked company reports, how sure that date is, and where it is from.
import { Link, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { httpUrl } from '../../sources/web/text.ts';
import { EmailLayout, mutedLine, paragraph, renderEmail, styles } from './layout.ts';
import type { EarningsReminderEmailProps, RenderedEmail } from './types.ts';

/** Said when the mail carries the call as an .ics event. */
const CALENDAR_ATTACHED = 'The call is attached as a calendar event (.ics): open it to add it to your calendar.';

/** Said under every reminder; the library's copy says it too. */
export const DATES_CAN_MOVE = `Dates can move; the card in ${BRAND} shows the latest we found.`;

function EarningsReminderEmail(p: EarningsReminderEmailProps) {
  const href = httpUrl(p.sourceUrl);
  const source = href ? { href, host: new URL(href).host } : null;
  return h(
    EmailLayout,
    {
      preview: `${p.companyName} (${p.ticker}) reports earnings ${p.dateLabel}.`,
      eyebrow: 'Earnings reminder',
      heading: `${p.companyName} (${p.ticker}) reports earnings ${p.dateLabel}`,
      reason: `You get this e-mail because you track earnings for ${p.companyName} in ${BRAND} and asked for a reminder ${p.timingLabel} the call.`,
      links: p.links,
    },
    h(Text, { style: styles.badge }, p.confidenceLabel),
    paragraph(`Earnings date: ${p.dateLabel}`),
    p.statusLabel ? paragraph(`Status: ${p.statusLabel}`) : null,
    source
      ? h(
          Text,
          { style: styles.muted },
          p.sourceName ? `Source: ${p.sourceName}, ` : 'Source: ',
          h(Link, { href: source.href, style: styles.footerLink }, source.host),
          p.sourceLine ? ` (${p.sourceLine})` : null,
        )
      : null,
    p.calendarAttached ? mutedLine(CALENDAR_ATTACHED) : null,
    mutedLine(DATES_CAN_MOVE),
  );
}

export function renderEarningsReminderEmail(p: EarningsReminderEmailProps): Promise<RenderedEmail> {
  return renderEmail(`${p.companyName} (${p.ticker}) reports earnings ${p.dateLabel}`, h(EarningsReminderEmail, p));
}
