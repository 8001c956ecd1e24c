// What a question asks, read without a model (it must work on every provider, and without AI for
// the actions): the company it is about, from what "since" it wants news, whether it wants fresh
// news at all, whether stories already sent may come again, and the actions it asks for.
import type { WolfebotAction } from '../../../shared/wolfebot.ts';

const DAY_MS = 86_400_000;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The company `question` names: the longest of `known` (the user's watched companies and library
 * companies) found in it as whole words, case-insensitively; else a capitalised name after "at",
 * "about", "from", "for", "on", "with" or "of" ("What changed at Acme Robotics?").
 */
export function detectCompany(question: string, known: string[]): string | null {
  const byLength = [...new Set(known.map((k) => k.trim()).filter((k) => k.length > 1))].sort((a, b) => b.length - a.length);
  for (const name of byLength) {
    if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(name)}($|[^\\p{L}\\p{N}])`, 'iu').test(question)) return name;
  }
  const named = question.match(/\b(?:at|about|from|for|on|with|of)\s+((?:[A-Z][\p{L}\p{N}&.'’-]*)(?:\s+[A-Z][\p{L}\p{N}&.'’-]*)*)/u);
  if (!named) return null;
  const name = named[1]!.replace(/['’]s$/, '').replace(/[.]+$/, '');
  // A month or a weekday after "since"/"on" is a date, not a company.
  return MONTHS.includes(name.toLowerCase()) || /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(name) ? null : name;
}

/** From when the question wants what happened: a date, or the user's last conversation about the company. */
export type Since = { kind: 'date'; date: Date } | { kind: 'last_conversation' } | null;

/** A date as written in a question ("2025-03-01", "March 3", "3 March 2025", "Mar 3, 2025"), the latest such date not after `now`. */
function parseDate(text: string, now: Date): Date | null {
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) {
    const date = new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const monthOf = (word: string) => MONTHS.findIndex((m) => word.length >= 3 && m.startsWith(word.toLowerCase().replace(/\.$/, '')));
  const monthFirst = text.match(/^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?/);
  const dayFirst = text.match(/^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+\.?)(?:,?\s+(\d{4}))?/);
  const monthOnly = text.match(/^([A-Za-z]+\.?)(?:\s+(\d{4}))?\b/);
  let month = -1;
  let day = 1;
  let year: number | null = null;
  if (monthFirst && monthOf(monthFirst[1]!) >= 0) {
    month = monthOf(monthFirst[1]!);
    day = Number(monthFirst[2]);
    year = monthFirst[3] ? Number(monthFirst[3]) : null;
  } else if (dayFirst && monthOf(dayFirst[2]!) >= 0) {
    month = monthOf(dayFirst[2]!);
    day = Number(dayFirst[1]);
    year = dayFirst[3] ? Number(dayFirst[3]) : null;
  } else if (monthOnly && monthOf(monthOnly[1]!) >= 0) {
    month = monthOf(monthOnly[1]!);
    year = monthOnly[2] ? Number(monthOnly[2]) : null;
  }
  if (month < 0 || day < 1 || day > 31) return null;
  const at = (y: number) => new Date(Date.UTC(y, month, day));
  if (year !== null) return at(year);
  const thisYear = at(now.getUTCFullYear());
  return thisYear.getTime() > now.getTime() ? at(now.getUTCFullYear() - 1) : thisYear;
}

/** The "since" of a question: an explicit date, the last conversation about the company, or a relative period. */
export function detectSince(question: string, now: Date): Since {
  const q = question.toLowerCase();
  if (/since\s+(?:my|our|the)\s+last\s+(?:conversation|chat|talk|question)/.test(q)) return { kind: 'last_conversation' };
  const after = question.match(/\b(?:since|after)\s+(.+)$/i);
  if (after) {
    const date = parseDate(after[1]!.trim(), now);
    if (date) return { kind: 'date', date };
  }
  const days = (n: number): Since => ({ kind: 'date', date: new Date(now.getTime() - n * DAY_MS) });
  const period = q.match(/\b(?:last|past)\s+(\d{1,3})\s+(day|week|month)s?\b/);
  if (period) return days(Number(period[1]) * (period[2] === 'day' ? 1 : period[2] === 'week' ? 7 : 30));
  if (/\bthis week\b/.test(q)) {
    // Monday 00:00 UTC of this week.
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    return { kind: 'date', date: new Date(monday.getTime() - ((monday.getUTCDay() + 6) % 7) * DAY_MS) };
  }
  if (/\bthis month\b/.test(q)) return { kind: 'date', date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) };
  if (/\btoday\b/.test(q)) return { kind: 'date', date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) };
  if (/\byesterday\b/.test(q)) return days(1);
  if (/\b(?:last|past) week\b/.test(q)) return days(7);
  if (/\b(?:last|past) month\b/.test(q)) return days(30);
  return null;
}

/** The question asks what is new, changed or latest (about a company): fresh news is searched. */
export const wantsNews = (question: string) =>
  /\b(what'?s new|new|news|changed?|changes|latest|recent(?:ly)?|update[sd]?|happen(?:ed|ing)|since|this week|today)\b/i.test(question);

/** The question is about what the company filed or reported, or its earnings date: the SEC and the earnings calendar are read too. */
export const wantsFilings = (question: string) =>
  /\b(filings?|filed|sec|edgar|8-?k|10-?[kq]|earnings|results|revenue|sales|income|profit|loss|margin|guidance|quarter(?:ly)?|fiscal|financials?|figures|cash flow|officers?|executives?|ceo|cfo|coo|cto|board|director)\b/i.test(
    question,
  );

/** The user asks to see stories they were already sent as well. */
export const includesSent = (question: string) =>
  /\bagain\b|\balready (?:been )?sent\b|\bincluding (?:what|the (?:ones|stories|articles)) (?:i was|i've been|you) sent\b/i.test(question);

/** The actions the message asks for; `previousAnswer` is the conversation's last finished answer. */
export function detectActions(message: string, previousAnswer: string | null): WolfebotAction[] {
  const actions: WolfebotAction[] = [];
  const watch = message.match(
    /^\s*(?:please\s+)?(?:(?:can|could|would) you\s+)?(?:watch|track|monitor)\s+(.+?)(?:\s+for me)?(?:,?\s+please)?\s*[.!?]*$/i,
  );
  if (watch) {
    const company = watch[1]!.replace(/^(?:the company|company)\s+/i, '').trim();
    if (company && company.length <= 200) actions.push({ type: 'watch_company', company });
  }
  const air = message.match(
    /\b(?:AIR|account intelligence)(?:\s+report)?\s+(?:on|for|about)\s+((?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?)/i,
  );
  if (air) actions.push({ type: 'air_report', website: air[1]!.replace(/[.,;!?]+$/, '') });
  if (asksForDraft(message) && previousAnswer) {
    actions.push({ type: 'linkedin_draft', text: previousAnswer });
  }
  return actions;
}

/** The message asks for a LinkedIn draft of the previous answer (there may be none yet). */
export const asksForDraft = (message: string) =>
  /\bdraft\b.*\blinked ?in\b.*\bpost\b|\blinked ?in post\b.*\bfrom (?:this|that|it)\b/i.test(message);
