// Links to third-party pages that the server retrieved (research sources, content statistics):
// only absolute http(s) addresses become links, opened in a new tab without access to this page.
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An http(s) address, or null for anything a link must not open (javascript:, data:, relative, garbage). */
export function safeHttpUrl(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A link for an http(s) address (opening in a new tab), plain text for anything else. */
export function ExternalLink({ url, children }: { url: string; children: ReactNode }) {
  const href = safeHttpUrl(url);
  if (!href) return <span>{children}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-baseline gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
      <ExternalLinkIcon aria-hidden="true" className="size-3 shrink-0 self-center" />
    </a>
  );
}
