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
import { Grounding, mailText, normaliseWords, type Retrieved, urlKey } from '../../ai/grounding.ts';
import type { Candidate, eventsOutput, outreachOutput, personasOutput, prospectsOutput } from './prompts.ts';

const clean = (text: string) => mailText(text);

export class ReportGrounding {
  private readonly grounding: Grounding;
  private readonly byKey = new Map<string, Retrieved>();

  constructor(documents: Retrieved[]) {
    this.grounding = new Grounding(documents);
    for (const doc of documents) {
      const key = urlKey(doc.url);
      if (key && !this.byKey.has(key)) this.byKey.set(key, doc);
    }
  }

  /** The retrieved URL a citation names, as we retrieved it; null when the model made it up. */
  url(cited: string): string | null {
    return this.grounding.source(cited)?.url ?? null;
  }

  document(cited: string): Retrieved | null {
    const key = urlKey(cited);
    return (key && this.byKey.get(key)) || null;
  }

  /** Whether `words` appear, as words, in the document at `url` (title included). */
  names(url: string, words: string): boolean {
    const doc = this.document(url);
    const wanted = normaliseWords(words);
    return !!doc && wanted.length > 0 && ` ${normaliseWords(`${doc.title ?? ''} ${doc.text}`)} `.includes(` ${wanted} `);
  }

  events(output: z.infer<typeof eventsOutput>): AirEvent[] {
    const seen = new Set<string>();
    return output.events.flatMap((event) => {
      const url = this.url(event.sourceUrl);
      const headline = clean(event.headline);
      if (!url || !headline || seen.has(headline.toLowerCase())) return [];
      seen.add(headline.toLowerCase());
      const date = /^\d{4}-\d{2}-\d{2}$/.test(event.date ?? '') ? event.date : (this.document(url)?.publishedAt?.slice(0, 10) ?? null);
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
      if (!key || seen.has(key) || !(pick.score >= AIR_PROSPECT_MIN_SCORE)) continue;
      const candidate = byName.get(key);
      const url = candidate?.sourceUrl ?? this.url(pick.sourceUrl);
      if (!url || !this.names(url, pick.name)) continue;
      const title = candidate?.title ?? (this.names(url, pick.title) ? clean(pick.title) : null);
      if (!title) continue;
      seen.add(key);
      kept.push({
        name: candidate?.name ?? clean(pick.name),
        title,
        buyingCenter: centerNames.get(pick.buyingCenter.toLowerCase()) ?? clean(pick.buyingCenter),
        why: clean(pick.why),
        score: Math.round(Math.min(1, pick.score) * 100) / 100,
        sourceUrl: url,
        sourceKind: candidate?.sourceKind ?? kindOf(this.document(url)),
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
          message: clean(item.message),
        },
      ];
    });
  }
}

function kindOf(doc: Retrieved | null): string {
  if (!doc) return 'Public source';
  if (doc.publisher === 'SEC EDGAR') return 'SEC filing';
  return 'News';
}
