// Measurement: how well the statement check (src/server/ai/statements.ts and its rooms in
// src/server/ai/statements/, issue 27 §4) tells supported sentences from unsupported ones.
// Usage: npm run measure:statements [-- --all]
//
// The set: tests/fixtures/statements/*.json, sentences written and labelled by hand about the real
// publisher pages in tests/fakes/fixtures/real-formats/articles (see that folder's README). The
// documents are those pages as the server reads them (extractArticle: text, title, publisher, date),
// all of them retrieved for every answer and numbered as a prompt numbers them; each sentence cites
// its own page (or the pages it names). Each file's sentences go through the parser as one marked-up
// answer ("… [3]"), so the parser is measured on them too.
//
// A sentence is accepted when the check lets it be shown: supported, or not factual (kept without a
// check). Positive = labelled supported.
//   precision = accepted sentences labelled supported / accepted sentences labelled supported or unsupported
//   recall    = accepted sentences labelled supported / sentences labelled supported
//   caught    = rejected sentences labelled unsupported / sentences labelled unsupported (by error type too)
// Sentences labelled not_factual are measured apart: how many the check keeps uncounted.
// --all lists every sentence with its verdict, not only the misclassified.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type CheckedStatement, checkStatements, parseStatements, type StatementDocument } from '../src/server/ai/statements.ts';
import { extractArticle } from '../src/server/sources/news/article-text.ts';

const SET = new URL('../tests/fixtures/statements/', import.meta.url);
const ARTICLES = new URL('../tests/fakes/fixtures/real-formats/articles/', import.meta.url);

type Label = 'supported' | 'unsupported' | 'not_factual';
type LabelledStatement = { text: string; label: Label; error?: string; why?: string; cites?: string[] };
type LabelledFile = { article: string; statements: LabelledStatement[] };

export type Outcome = LabelledStatement & { file: string; checked: CheckedStatement; accepted: boolean };

export type Evaluation = {
  outcomes: Outcome[];
  precision: number;
  recall: number;
  caught: number;
  /** Error type → [caught, total]. */
  byError: Map<string, [number, number]>;
  /** Sentences labelled not_factual that the check kept uncounted, of all so labelled. */
  notFactualKept: [number, number];
  /** Sentences the parser did not read back as written (text or cites). */
  parseProblems: string[];
  documents: number;
  milliseconds: number;
};

function documentsOf(names: string[]): StatementDocument[] {
  return names.map((name, i) => {
    const html = readFileSync(new URL(`${name}/source.html`, ARTICLES), 'utf8');
    const article = extractArticle(html, `https://publisher.example/${name}`);
    if (article.status === 'failed') throw new Error(`${name}: no article text extracted`);
    return { id: i + 1, text: article.text, title: article.title, publisher: article.publisher, publishedAt: article.publishedAt };
  });
}

const ratio = (a: number, b: number) => (b ? a / b : 1);

/** `holdout`: the sentences written after the check was settled (see the set's README). */
export function evaluateStatements(set: 'main' | 'holdout' = 'main'): Evaluation {
  const folder = set === 'main' ? SET : new URL('holdout/', SET);
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as LabelledFile) }));
  const names = [...new Set(files.flatMap((f) => [f.article, ...f.statements.flatMap((s) => s.cites ?? [])]))].sort();
  const documents = documentsOf(names);
  const idOf = (name: string) => names.indexOf(name) + 1;

  const outcomes: Outcome[] = [];
  const parseProblems: string[] = [];
  const started = performance.now();
  for (const { file, article, statements } of files) {
    const cites = statements.map((s) => (s.label === 'not_factual' ? [] : (s.cites ?? [article]).map(idOf)));
    const marked = statements.map((s, k) => (cites[k]!.length ? `${s.text} [${cites[k]!.join(', ')}]` : s.text)).join(' ');
    const parsed = parseStatements(marked);
    const same =
      parsed.length === statements.length && parsed.every((p, k) => p.text === statements[k]!.text && p.cites.join() === cites[k]!.join());
    if (!same) {
      parseProblems.push(`${file}: ${parsed.length} sentences read back of ${statements.length}`);
      for (const [k, s] of statements.entries()) {
        if (parsed[k]?.text !== s.text) parseProblems.push(`  wrote: ${s.text}\n  read:  ${parsed[k]?.text}`);
      }
    }
    // Measure the check on the sentences as written, whatever the parser made of them.
    const check = checkStatements(
      documents,
      statements.map((s, k) => ({ text: s.text, cites: cites[k]! })),
    );
    check.statements.forEach((checked, k) => {
      const accepted = checked.verdict === 'supported' || checked.verdict === 'not_factual';
      outcomes.push({ ...statements[k]!, file, checked, accepted });
    });
  }
  const milliseconds = performance.now() - started;

  const supported = outcomes.filter((o) => o.label === 'supported');
  const unsupported = outcomes.filter((o) => o.label === 'unsupported');
  const acceptedSupported = supported.filter((o) => o.accepted).length;
  const acceptedUnsupported = unsupported.filter((o) => o.accepted).length;
  const byError = new Map<string, [number, number]>();
  for (const o of unsupported) {
    const [caught, total] = byError.get(o.error ?? 'unlabelled') ?? [0, 0];
    byError.set(o.error ?? 'unlabelled', [caught + (o.accepted ? 0 : 1), total + 1]);
  }
  const notFactual = outcomes.filter((o) => o.label === 'not_factual');
  return {
    outcomes,
    precision: ratio(acceptedSupported, acceptedSupported + acceptedUnsupported),
    recall: ratio(acceptedSupported, supported.length),
    caught: ratio(unsupported.length - acceptedUnsupported, unsupported.length),
    byError,
    notFactualKept: [notFactual.filter((o) => o.checked.verdict === 'not_factual').length, notFactual.length],
    parseProblems,
    documents: documents.length,
    milliseconds,
  };
}

function explain(o: Outcome): string {
  const found = [
    o.checked.verdict === 'uncited' ? `states ${o.checked.stated.join(' | ')}` : '',
    o.checked.missing.length ? `missing ${o.checked.missing.join(' | ')}` : '',
    o.checked.apart.length ? `apart ${o.checked.apart.join(' | ')}` : '',
    o.checked.contradicted.length ? `contradicted by the passage: ${o.checked.contradicted.join(' | ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const label = o.label === 'unsupported' ? `unsupported/${o.error}` : o.label;
  return `  [${label} → ${o.checked.verdict}] ${o.text}${found ? `\n      ${found}` : ''}${o.why ? `\n      page: ${o.why}` : ''}`;
}

function report(title: string, e: Evaluation, all: boolean) {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const count = (label: Label) => e.outcomes.filter((o) => o.label === label).length;
  const files = new Set(e.outcomes.map((o) => o.file)).size;
  console.log(
    `${title}: ${files} files over ${e.documents} real article pages, ${count('supported')} supported, ` +
      `${count('unsupported')} unsupported, ${count('not_factual')} not factual (${e.milliseconds.toFixed(0)} ms).`,
  );
  console.log(`precision ${e.precision.toFixed(3)}   recall ${e.recall.toFixed(3)}   unsupported caught ${pct(e.caught)}`);
  // The errors the rules are about (a changed name, number, date, quote, or another article's claim),
  // without those that keep every name, number, date and quote and change what links them.
  const inScope = e.outcomes.filter((o) => o.label === 'supported' || (o.label === 'unsupported' && !OUT_OF_SCOPE.has(o.error ?? '')));
  const accepted = inScope.filter((o) => o.accepted);
  const right = accepted.filter((o) => o.label === 'supported').length;
  console.log(`precision on changed names, numbers, dates, quotes and other articles' claims: ${ratio(right, accepted.length).toFixed(3)}`);
  for (const [error, [caught, total]] of [...e.byError].sort()) {
    console.log(`  ${error.padEnd(14)} caught ${String(caught).padStart(3)} of ${String(total).padStart(3)}  ${pct(caught / total)}`);
  }
  const [kept, labelled] = e.notFactualKept;
  console.log(`not factual kept uncounted: ${kept} of ${labelled}`);
  if (e.parseProblems.length) console.log(`\nParser: sentences not read back as written\n${e.parseProblems.join('\n')}`);
  const wrong = e.outcomes.filter((o) =>
    o.label === 'not_factual' ? o.checked.verdict !== 'not_factual' : o.accepted !== (o.label === 'supported'),
  );
  console.log(`\nMisclassified (${wrong.length}):`);
  for (const o of wrong) console.log(explain(o));
  if (all) {
    console.log('\nAll:');
    for (const o of e.outcomes) console.log(explain(o));
  }
}

/** Errors that keep every name, number, date and quote of the page (see the set's README). */
const OUT_OF_SCOPE = new Set(['swap', 'relation']);

if (import.meta.main) {
  const { values: args } = parseArgs({ options: { all: { type: 'boolean', default: false } } });
  report('Statement check, labelled set', evaluateStatements('main'), args.all);
  console.log('');
  report('Held-out set (written after the check was settled)', evaluateStatements('holdout'), args.all);
}
