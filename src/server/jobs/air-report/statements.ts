// The report's narrative checked sentence by sentence (issue 27 §4), after ground.ts has kept only
// what cites a retrieved document and names real people: each event summary, buying-center
// priority, prospect's "why" and outreach trigger is compared with the documents it cites, numbered
// as that step's prompt numbered them, and with its own source (whether or not it says [n]). A
// failing sentence is dropped; an event, priority or opening whose every factual sentence fails
// goes. A prospect stays (ground.ts found them named with their title in their source) without the
// "why" that failed. Angles and first messages are the seller's advice and voice, not statements of
// fact: their markers are removed, they are not counted.
import type { AirBuyingCenter, AirEvent, AirOutreach, AirProspect } from '../../../shared/air.ts';
import type { StatementCount } from '../../../shared/library.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import { numberedDocuments } from '../../ai/statements.ts';
import { pageKey } from '../../sources/web/site.ts';
import { addCounts, checkText, NO_STATEMENTS, withoutMarkers } from '../runs/statements.ts';

/** One step's documents as its prompt numbered them, and each one's number by its address. */
export class StepStatements {
  private readonly documents;
  private readonly numbers = new Map<string, number>();
  count: StatementCount = NO_STATEMENTS;

  constructor(documents: Retrieved[]) {
    this.documents = numberedDocuments(documents);
    documents.forEach((doc, i) => {
      const key = pageKey(doc.url) ?? doc.url;
      if (!this.numbers.has(key)) this.numbers.set(key, i + 1);
    });
  }

  /** The text's supported and non-factual sentences, without markers; null when every fact failed. */
  check(text: string, sourceUrl: string): string | null {
    const own = this.numbers.get(pageKey(sourceUrl) ?? sourceUrl);
    const checked = checkText(this.documents, text, own ? [own] : []);
    this.count = addCounts(this.count, checked.count);
    return checked.unsupported ? null : checked.text;
  }

  events(events: AirEvent[]): AirEvent[] {
    return events.flatMap((event) => {
      const summary = this.check(event.summary, event.sourceUrl);
      return summary === null ? [] : [{ ...event, headline: withoutMarkers(event.headline), summary }];
    });
  }

  buyingCenters(centers: AirBuyingCenter[]): AirBuyingCenter[] {
    return centers.map((center) => ({
      ...center,
      priorities: center.priorities.flatMap((p) => {
        const text = this.check(p.text, p.sourceUrl);
        return text ? [{ ...p, text }] : [];
      }),
    }));
  }

  prospects(prospects: AirProspect[]): AirProspect[] {
    return prospects.map((p) => ({ ...p, why: this.check(p.why, p.sourceUrl) ?? '' }));
  }

  outreach(items: AirOutreach[]): AirOutreach[] {
    return items.flatMap((item) => {
      const trigger = this.check(item.trigger.text, item.trigger.sourceUrl);
      if (!trigger) return [];
      return [
        { ...item, angle: withoutMarkers(item.angle), trigger: { ...item.trigger, text: trigger }, message: withoutMarkers(item.message) },
      ];
    });
  }
}
