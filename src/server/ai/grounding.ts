// What the user is shown must come from what the system retrieved for this request (issue 4):
// a source is kept only when its URL is one we fetched (or the provider itself cited), and a quote
// only when its words appear in a retrieved document. Whatever the model invents is dropped.
import type { MarketData, Quote, Source } from '../../shared/research.ts';
import { pageKey } from '../sources/web/site.ts';
import type { SourceDocument } from '../sources/web/types.ts';

/** A document the server retrieved, whatever its kind: a source's document, a company page, a post. */
export type Retrieved = Omit<SourceDocument, 'kind'>;

/** A retrieved document as a source shown to the user, labelled when it is less than its article. */
function sourceOf(doc: Retrieved): Source {
  return {
    url: doc.url,
    title: doc.title,
    publisher: doc.publisher,
    publishedAt: doc.publishedAt,
    ...(doc.evidence === 'headline' ? { headlineOnly: true } : {}),
    ...(doc.googleLink ? { googleLink: true } : {}),
    ...(doc.providers?.length ? { providers: [...doc.providers] } : {}),
  };
}

export class Grounding {
  private readonly byKey = new Map<string, Source>();
  private readonly corpus: string;

  constructor(documents: Retrieved[], citations: string[] = []) {
    for (const doc of documents) {
      const key = pageKey(doc.url);
      if (key && !this.byKey.has(key)) this.byKey.set(key, sourceOf(doc));
    }
    // A provider that searches by itself (Perplexity) returns the pages it read: those count as retrieved.
    for (const url of citations) {
      const key = pageKey(url);
      if (key && !this.byKey.has(key)) this.byKey.set(key, { url, title: null, publisher: null, publishedAt: null });
    }
    this.corpus = documents.map((d) => normaliseWords(`${d.title ?? ''} ${d.text}`)).join(' \n ');
  }

  get size() {
    return this.byKey.size;
  }

  /** The retrieved source a cited URL names, or null when the model made it up. */
  source(url: string): Source | null {
    const key = pageKey(url);
    return (key && this.byKey.get(key)) || null;
  }

  /** Cited URLs that were retrieved, each once, in the model's order. */
  sources(urls: string[]): Source[] {
    const seen = new Set<string>();
    const kept: Source[] = [];
    for (const url of urls) {
      const source = this.source(url);
      if (source && !seen.has(source.url)) {
        seen.add(source.url);
        kept.push(source);
      }
    }
    return kept;
  }

  /** Figures whose source is a retrieved URL; `source` becomes that URL as retrieved. */
  marketData(items: { statistic: string; sourceUrl: string }[]): MarketData[] {
    return items.flatMap((item) => {
      const source = this.source(item.sourceUrl);
      return source && item.statistic.trim() ? [{ statistic: item.statistic.trim(), source: source.url }] : [];
    });
  }

  /** Quotes whose words are in a retrieved document (punctuation, case and quote marks aside). */
  quotes(items: Quote[]): Quote[] {
    return items.filter((quote) => {
      const words = normaliseWords(quote.text);
      return words.split(' ').length >= 3 && this.corpus.includes(words);
    });
  }
}

/** Lower case letters and digits separated by single spaces. */
export function normaliseWords(text: string) {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/'/g, '')
    .trim();
}

/**
 * Model-written text for an e-mail: one plain line without web addresses. A document can talk a
 * model into writing "verify your account at https://…"; mail programs would make that a link in a
 * mail from us, so the only links an alert carries are the articles we retrieved.
 */
export function mailText(text: string): string {
  return (
    text
      // Tags only: "revenue < $1B while costs > $2B" is text.
      .replace(/<\/?[a-z!][^>]*>/gi, ' ')
      .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
