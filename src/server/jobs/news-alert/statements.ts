// The statement check of a news alert's analysis (issue 27 §4), apart from the run that asks for it
// so that it can be measured on labelled fixtures (scripts/measure-sourced.ts) without a database:
// only articles this run retrieved reach the mail (title and publisher from the article); each
// article's "why" is checked against that article, the headline against the lead article, the
// analysis against the articles it cites; failing sentences are dropped, an article whose "why"
// fails goes, and an analysis left with no supported fact is no news.
import type { StatementCount } from '../../../shared/library.ts';
import { Grounding, mailText, type Retrieved } from '../../ai/grounding.ts';
import { numberedDocuments } from '../../ai/statements.ts';
import type { EmailArticle } from '../../mail/alert-emails/types.ts';
import { digestArticle } from '../articles/digest.ts';
import { addCounts, checkText, droppedOnly, NO_STATEMENTS } from '../runs/statements.ts';

/** The model's answer, as newsAlertOutput (handler.ts) parses it. */
export type NewsAlertAnswer = { hasNews: boolean; headline: string; analysis: string; items: { url: string; why: string }[] };

export type CheckedNews = {
  /** The headline as mailed: the checked one, or the lead article's title when it failed. */
  headline: string;
  summary: string;
  items: EmailArticle[];
  /**
   * The headline's and analysis' checked statements, and those dropped with the articles left out for
   * them; each kept article carries its own.
   */
  checked: StatementCount;
  /** There is news to mail: the model said so, an article is left and the analysis has a supported fact. */
  hasNews: boolean;
  /** What the articles left out for their "why" said (all dropped). */
  droppedItems: StatementCount;
  /** The analysis' own count. */
  analysisCount: StatementCount;
};

/** `fresh`: the articles in the prompt, in its order ([1] is the first); `citations`: the provider's own. */
export function checkNewsAnswer(fresh: Retrieved[], output: NewsAlertAnswer, citations: string[]): CheckedNews {
  const grounding = new Grounding(fresh, citations);
  const byUrl = new Map(fresh.map((doc) => [grounding.source(doc.url)?.url ?? doc.url, doc]));
  // Each sentence against the articles it cites, numbered as the prompt numbered them.
  const documents = numberedDocuments(fresh);
  const numberOf = new Map(fresh.map((doc, i) => [doc, i + 1]));
  const articles: EmailArticle[] = [];
  let left = NO_STATEMENTS;
  for (const item of output.items) {
    const source = grounding.source(item.url);
    const doc = source ? byUrl.get(source.url) : undefined;
    if (!doc || articles.some((a) => a.url === doc.url)) continue;
    // What an article reports is checked against that article, whether or not the sentence says [n].
    const why = checkText(documents, item.why, [numberOf.get(doc)!]);
    if (why.unsupported) {
      left = addCounts(left, droppedOnly(why.count));
      continue;
    }
    articles.push({ ...digestArticle(doc), summary: mailText(why.text) || null, statements: why.count });
  }
  const lead = articles[0] ? fresh.findIndex((doc) => doc.url === articles[0]!.url) + 1 : 0;
  const headline = checkText(documents, output.headline, lead ? [lead] : []);
  const summary = checkText(documents, output.analysis);
  const supported = summary.count.sourced > 0;
  return {
    // A headline the lead article does not support gives way to that article's own title.
    headline: mailText(headline.text) || articles[0]?.title || '',
    summary: mailText(summary.text),
    items: articles,
    checked: addCounts(headline.count, summary.count, left),
    hasNews: output.hasNews && articles.length > 0 && output.headline.trim() !== '' && supported,
    droppedItems: left,
    analysisCount: summary.count,
  };
}
