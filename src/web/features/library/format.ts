// How the library's pages word an item's facts.

/** When an item was delivered or kept, e.g. 'Jul 1, 2026' in the reader's locale and time zone. */
export function formatItemDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** When an article was published, with the time when it has one ('Jul 1, 2026, 9:15 AM'); a bare date as that day. */
export function formatPublished(value: string, locale?: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export const sourceCountLabel = (count: number) => `${count} source${count === 1 ? '' : 's'}`;

/** An address's site without 'www.' ('reuters.com'), or the address as it came. */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || url;
  } catch {
    return url;
  }
}
