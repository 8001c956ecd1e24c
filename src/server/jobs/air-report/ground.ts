// What the model says is kept only where a document retrieved for this report supports it: a cited
// URL must be one we read, and a person must be named, in so many words, in the page or filing
// cited for them. Whatever else the model writes is dropped, never shown.
import type { z } from 'zod';
import {
  AIR_MAX_PROSPECTS,
  AIR_PROSPECT_MIN_SCORE,
  type AirBuyingCenter,
  type AirEvent,
  type AirOutreach,
  type AirProspect,
} from '../../../shared/air.ts';
import { Grounding, mailText, normaliseWords, type Retrieved } from '../../ai/grounding.ts';
import { pageKey } from '../../sources/web/site.ts';
import type { Candidate, eventsOutput, outreachOutput, personasOutput, prospectsOutput } from './prompts.ts';

const clean = (text: string) => mailText(text);

/** A first message keeps its paragraphs; otherwise it is cleaned like any model text. */
const messageText = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map(clean)
    .filter(Boolean)
    .join('\n\n');

/** How far (in characters of normalised text) a title may stand from the name it belongs to. */
const TITLE_DISTANCE = 160;
/** An event is of the last 90 days; a date the model gives outside this is not the event's. */
const EVENT_MAX_AGE_DAYS = 120;
const DAY_MS = 86_400_000;

// One formatter for every call: building an Intl.DateTimeFormat costs ~70 µs, and grounding formats a date per candidate.
const newYorkDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayInNewYork = (at: Date) => newYorkDay.format(at);

/** YYYY-MM-DD that is a real day, not after today and not older than the news searched. */
function plausibleEventDate(date: string | null, now: Date): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date) return null;
  const age = (now.getTime() - at.getTime()) / DAY_MS;
  return age >= -1 && age <= EVENT_MAX_AGE_DAYS ? date : null;
}

type GroundingOptions = {
  /** The company's own site (host without www.): its pages are the 'Company website'. */
  siteHost?: string;
  /** People a filing says are leaving: never a prospect, whatever a page still says. */
  excludedPeople?: string[];
  now?: Date;
};

export class ReportGrounding {
  private readonly grounding: Grounding;
  private readonly byKey = new Map<string, Retrieved>();
  private readonly options: GroundingOptions;
  private readonly excluded: Set<string>;

  constructor(documents: Retrieved[], options: GroundingOptions = {}) {
    this.options = options;
    this.excluded = new Set((options.excludedPeople ?? []).map(normaliseWords));
    this.grounding = new Grounding(documents);
    for (const doc of documents) {
      const key = pageKey(doc.url);
      if (key && !this.byKey.has(key)) this.byKey.set(key, doc);
    }
  }

  /** The retrieved URL a citation names, as we retrieved it; null when the model made it up. */
  url(cited: string): string | null {
    return this.grounding.source(cited)?.url ?? null;
  }

  document(cited: string): Retrieved | null {
    const key = pageKey(cited);
    return (key && this.byKey.get(key)) || null;
  }

  private words(url: string): string | null {
    const doc = this.document(url);
    return doc ? ` ${normaliseWords(`${doc.title ?? ''} ${doc.text}`)} ` : null;
  }

  /** Whether `words` appear, as words, in the document at `url` (title included). */
  names(url: string, words: string): boolean {
    const text = this.words(url);
    const wanted = normaliseWords(words);
    return !!text && wanted.length > 0 && text.includes(` ${wanted} `);
  }

  /** Whether the document names the person with this title close by (a title elsewhere is someone else's). */
  namesWithTitle(url: string, name: string, title: string): boolean {
    const text = this.words(url);
    const who = ` ${normaliseWords(name)} `;
    const role = ` ${normaliseWords(title)} `;
    if (!text || who.trim() === '' || role.trim() === '') return false;
    for (let at = text.indexOf(who); at >= 0; at = text.indexOf(who, at + 1)) {
      const near = text.slice(Math.max(0, at - TITLE_DISTANCE), at + who.length + TITLE_DISTANCE);
      if (near.includes(role)) return true;
    }
    return false;
  }

  events(output: z.infer<typeof eventsOutput>): AirEvent[] {
    const seen = new Set<string>();
    return output.events.flatMap((event) => {
      const url = this.url(event.sourceUrl);
      const headline = clean(event.headline);
      if (!url || !headline || seen.has(headline.toLowerCase())) return [];
      seen.add(headline.toLowerCase());
      const published = this.document(url)?.publishedAt;
      const fallback = published && !Number.isNaN(new Date(published).getTime()) ? dayInNewYork(new Date(published)) : null;
      const date = plausibleEventDate(event.date, this.options.now ?? new Date()) ?? fallback;
      return [{ type: event.type, date, headline, summary: clean(event.summary), sourceUrl: url }];
    });
  }

  buyingCenters(output: z.infer<typeof personasOutput>): AirBuyingCenter[] {
    return output.buyingCenters
      .map((center) => ({
        name: clean(center.name),
        roles: center.roles.map(clean).filter(Boolean),
        priorities: center.priorities.flatMap((p) => {
          const url = this.url(p.sourceUrl);
          return url && clean(p.text) ? [{ text: clean(p.text), sourceUrl: url }] : [];
        }),
      }))
      .filter((center) => center.name);
  }

  /**
   * People the model picked, kept only when their quality score reaches the cut-off and the cited
   * page or filing names them, best score first. A candidate's title
   * is the one its source gave; a person met only in the documents must have that title there too.
   */
  prospects(output: z.infer<typeof prospectsOutput>, candidates: Candidate[], centers: AirBuyingCenter[]): AirProspect[] {
    const byName = new Map(candidates.map((c) => [normaliseWords(c.name), c]));
    const centerNames = new Map(centers.map((c) => [c.name.toLowerCase(), c.name]));
    const seen = new Set<string>();
    const kept: AirProspect[] = [];
    for (const pick of output.prospects) {
      const key = normaliseWords(pick.name);
      // A person has a first and a last name at least ("Acme" is not one).
      if (key.split(' ').length < 2 || seen.has(key) || this.excluded.has(key) || !(pick.score >= AIR_PROSPECT_MIN_SCORE)) continue;
      const candidate = byName.get(key);
      const url = candidate?.sourceUrl ?? this.url(pick.sourceUrl);
      if (!url || !this.names(url, pick.name)) continue;
      const title = candidate?.title ?? (this.namesWithTitle(url, pick.name, pick.title) ? clean(pick.title) : null);
      if (!title) continue;
      seen.add(key);
      kept.push({
        name: candidate?.name ?? clean(pick.name),
        title,
        buyingCenter: centerNames.get(pick.buyingCenter.toLowerCase()) ?? clean(pick.buyingCenter),
        why: clean(pick.why),
        score: Math.round(Math.min(1, pick.score) * 100) / 100,
        sourceUrl: url,
        sourceKind: candidate?.sourceKind ?? this.kindOf(this.document(url)),
      });
      if (kept.length >= AIR_MAX_PROSPECTS) break;
    }
    return kept.sort((a, b) => b.score - a.score);
  }

  outreach(output: z.infer<typeof outreachOutput>, prospects: AirProspect[]): AirOutreach[] {
    const names = new Map(prospects.map((p) => [normaliseWords(p.name), p.name]));
    return output.outreach.flatMap((item) => {
      const url = this.url(item.trigger.sourceUrl);
      const prospectName = item.prospectName ? names.get(normaliseWords(item.prospectName)) : null;
      // A message for someone who is not among the kept prospects is a message for nobody.
      if (!url || (item.prospectName && !prospectName)) return [];
      return [
        {
          prospectName: prospectName ?? null,
          buyingCenter: clean(item.buyingCenter),
          angle: clean(item.angle),
          trigger: { text: clean(item.trigger.text), sourceUrl: url },
          message: messageText(item.message),
        },
      ];
    });
  }

  private kindOf(doc: Retrieved | null): string {
    if (!doc) return 'Public source';
    if (doc.publisher === 'SEC EDGAR') return 'SEC filing';
    if (this.options.siteHost && doc.publisher === this.options.siteHost) return 'Company website';
    if (doc.publisher === 'Hacker News') return 'Hacker News';
    return 'News';
  }
}
