// The one e-mail a channel's owner gets when it pauses (issue 29): what failed, the receiver's last
// answer, and how to fix it. The same frame as the account mails (ADR 011): React escapes every value,
// and the plain text is written out.
import { Section } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { type ChannelKind, channelKindLabels } from '../../shared/channels.ts';
import { BRAND } from '../../shared/constants.ts';
import { buttonLink, EmailFrame, mutedLine, paragraph } from '../mail/alert-emails/layout.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

/** The channels page in the app, where a channel is edited, tested or resumed. */
export const CHANNELS_PAGE_PATH = '/sonar-os/channels';
export const CHANNEL_PAUSED_MAIL_KIND = 'channel-paused';

/** What usually fixes each kind's failures. */
const hints: Record<ChannelKind, string> = {
  slack:
    'In Slack, the incoming webhook may have been removed or its channel archived: make a new one (Apps → Incoming Webhooks) and paste its address.',
  teams:
    'In Microsoft Teams, the workflow may have been turned off or deleted: turn it on again, or make a new one ("Post to a channel when a webhook request is received") and paste its address.',
  webhook: 'Check that your endpoint is up, answers with a 2xx status, and verifies the signature with the current signing secret.',
};

export async function channelPausedMail(opts: {
  to: string;
  channel: { kind: ChannelKind; name: string };
  failures: number;
  lastAnswer: string;
  appUrl: string;
}): Promise<OutgoingMail> {
  const kindLabel = channelKindLabels[opts.channel.kind];
  const url = `${opts.appUrl}${CHANNELS_PAGE_PATH}`;
  // One line: a name never carries a line break into the mail header.
  const subject = `Your ${kindLabel} channel "${opts.channel.name.replace(/\s+/g, ' ')}" is paused`;
  const intro = `${BRAND} paused your ${kindLabel} channel "${opts.channel.name}": ${opts.failures} deliveries in a row failed.`;
  const answer = `The receiver's last answer: ${opts.lastAnswer}`;
  const held = 'Alerts for this channel are held, not lost: they are sent once the channel is resumed. E-mail delivery is not affected.';
  const fix = `To fix it, edit the channel's address or resume it on the channels page. ${hints[opts.channel.kind]}`;
  const action = 'Open your channels';
  const text = `${intro}\n\n${answer}\n\n${held}\n\n${fix}\n\n${action}:\n${url}\n\n— ${BRAND}`;
  const html = await render(
    h(
      EmailFrame,
      { preview: intro },
      paragraph(intro),
      paragraph(answer),
      paragraph(held),
      paragraph(fix),
      h(Section, { style: { margin: '20px 0' } }, buttonLink(url, action)),
      mutedLine('You get this e-mail once; the channel stays paused until you fix it.'),
    ),
  );
  return { kind: CHANNEL_PAUSED_MAIL_KIND, to: opts.to, subject, text, html };
}
