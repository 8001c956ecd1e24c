import { Clock, ExternalLink, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicConfig } from '../../lib/public-config.ts';

const LINK =
  'font-semibold break-words text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * How to reach support. The address and chat link come from the operator's configuration; when
 * one is missing the page says so instead of showing a made-up contact.
 */
export function ContactSupport({ support }: { support: PublicConfig['support'] }) {
  return (
    <ul className="space-y-4">
      <ContactRow icon={<Mail aria-hidden="true" className="size-5" />} label="Email">
        {support.email ? (
          <a href={`mailto:${support.email}`} className={LINK}>
            {support.email}
          </a>
        ) : (
          <NotConfigured>Support e-mail is not configured. An operator sets SUPPORT_EMAIL to the support address.</NotConfigured>
        )}
      </ContactRow>
      <ContactRow icon={<MessageCircle aria-hidden="true" className="size-5" />} label={support.chatName}>
        {support.chatUrl ? (
          <a href={support.chatUrl} target="_blank" rel="noopener noreferrer" className={`${LINK} inline-flex items-center gap-1`}>
            Chat on {support.chatName}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <NotConfigured>{support.chatName} support is not configured. An operator sets SUPPORT_CHAT_URL to the chat link.</NotConfigured>
        )}
      </ContactRow>
      <ContactRow icon={<Clock aria-hidden="true" className="size-5" />} label="Hours">
        <span className="font-semibold text-slate-900">9am-5pm EST</span>
        <span className="block text-sm text-slate-600">Email response within 24 hours</span>
      </ContactRow>
    </ul>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </li>
  );
}

const NotConfigured = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-700">{children}</p>;
