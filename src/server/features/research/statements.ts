// Every statement of a research result checked (issue 27 §4). The model ends each factual sentence
// with the numbers of the documents it read ([1] = the first document of documentsBlock); each
// sentence is compared with the documents it cites (ai/statements.ts) and dropped when they do not
// support it. The markers of the sentences kept are renumbered to the result's own sources list (the
// one the screen, the Markdown and the library show, in its order), so "[2]" on screen is the second
// listed source; a document a kept sentence cites that the model did not list is added to the list.
import type { StatementCount } from '../../../shared/library.ts';
import type { MarketData, Source } from '../../../shared/research.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import {
  checkStatements,
  keptText,
  NO_SUPPORTING_EVIDENCE,
  numberedDocuments,
  parseStatements,
  type StatementDocument,
} from '../../ai/statements.ts';
import { pageKey } from '../../sources/web/site.ts';

export { NO_SUPPORTING_EVIDENCE };

/** Said in place of a summary none of whose sentences its sources supported, when findings were. */
export const SUMMARY_DROPPED = 'The summary was left out: its sources did not support it.';

/**
 * The displayed sources list and the number each prompt document has in it. `listed` is the list as
 * grounded from the model's cited URLs; `sourceOf` gives a retrieved document's source, for one a
 * kept sentence cites that the list lacks (appended, so the numbers already given never change).
 */
export class SourceNumbers {
  private readonly list: Source[];
  private readonly byKey = new Map<string, number>();
  private readonly documentUrls: string[];
  private readonly sourceOf: (url: string) => Source | null;

  constructor(documentUrls: string[], listed: Source[], sourceOf: (url: string) => Source | null) {
    this.documentUrls = documentUrls;
    this.sourceOf = sourceOf;
    this.list = [...listed];
    this.list.forEach((source, i) => {
      const key = pageKey(source.url) ?? source.url;
      if (!this.byKey.has(key)) this.byKey.set(key, i + 1);
    });
  }

  /** The sources as shown: the listed ones, then those only the text cites. */
  get sources(): Source[] {
    return [...this.list];
  }

  /** The number in the sources list of prompt document `document` (1-based), or null when it is no document. */
  numberOf(document: number): number | null {
    const url = this.documentUrls[document - 1];
    if (url === undefined) return null;
    const key = pageKey(url) ?? url;
    const known = this.byKey.get(key);
    if (known) return known;
    const source = this.sourceOf(url);
    if (!source) return null;
    this.list.push(source);
    this.byKey.set(key, this.list.length);
    return this.list.length;
  }

  /** The prompt document a source URL is (1-based), or null when none was retrieved at that address. */
  documentOf(url: string): number | null {
    const key = pageKey(url) ?? url;
    const i = this.documentUrls.findIndex((u) => (pageKey(u) ?? u) === key);
    return i < 0 ? null : i + 1;
  }
}

/** Checks a result's texts one field at a time and adds up what it found. */
export class ResultStatements {
  private readonly documents: StatementDocument[];
  private readonly sum: StatementCount = { sourced: 0, total: 0, dropped: 0 };
  /** Cited document numbers that are no document of this request (the model made them up). */
  private readonly unknown = new Set<number>();
  private readonly numbers: SourceNumbers;

  constructor(documents: Retrieved[], numbers: SourceNumbers) {
    this.numbers = numbers;
    this.documents = numberedDocuments(documents);
  }

  get count(): StatementCount {
    return { ...this.sum };
  }

  /** Citations to documents that were not retrieved, each number once. */
  get unknownCitations(): number {
    return this.unknown.size;
  }

  /** Facts were stated and none is supported: the result must say so instead of answering. */
  get noEvidence(): boolean {
    return this.sum.total > 0 && this.sum.sourced === 0;
  }

  private add(count: StatementCount) {
    this.sum.sourced += count.sourced;
    this.sum.total += count.total;
    this.sum.dropped += count.dropped;
  }

  /**
   * A text field without its unsupported sentences, the markers of the kept ones as numbers of the
   * sources list; '' when nothing of it is kept.
   */
  text(marked: string): string {
    const parsed = parseStatements(marked).map((statement) => {
      const known = statement.cites.filter((n) => n >= 1 && n <= this.documents.length);
      for (const n of statement.cites) if (!known.includes(n)) this.unknown.add(n);
      return { ...statement, cites: known };
    });
    const check = checkStatements(this.documents, parsed, { failing: 'drop' });
    this.add(check.count);
    // Only the kept sentences' documents are numbered: one cited by a dropped sentence is not listed for it.
    const statements = check.statements.map((statement) =>
      statement.verdict === 'supported'
        ? {
            ...statement,
            cites: [...new Set(statement.cites.map((n) => this.numbers.numberOf(n)).filter((n): n is number => n !== null))].sort(
              (a, b) => a - b,
            ),
          }
        : statement,
    );
    // Whether the whole result has evidence is decided over all its fields, not this one.
    return keptText({ ...check, statements, noEvidence: false }).trim();
  }

  /** Each of a list of texts, those with nothing kept removed. */
  texts(items: string[]): string[] {
    return items.map((item) => this.text(item)).filter(Boolean);
  }

  /** A market figure, checked against the one document it names; its link is its citation, so no marker. */
  figure(item: MarketData): boolean {
    const document = this.numbers.documentOf(item.source);
    const check = checkStatements(this.documents, [{ text: item.statistic, cites: document ? [document] : [] }], { failing: 'drop' });
    this.add(check.count);
    return check.statements[0]!.verdict === 'supported' || check.statements[0]!.verdict === 'not_factual';
  }
}
