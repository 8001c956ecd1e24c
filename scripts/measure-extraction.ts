// Measurement: how close the article extractor's text is to the text a reader would keep (issue 26 §3).
// Usage: npm run measure:extraction [-- --show]
// On each real publisher page in tests/fakes/fixtures/real-formats/articles that comes with its
// expected text (expected.html), the extracted text and the expected text are cut into words (runs of
// letters and digits, lower-cased) and compared as bags of words, as extraction benchmarks do:
//   precision = shared words / extracted words, recall = shared words / expected words,
// a word shared as often as it occurs in both. --show prints the paragraphs the extractor kept that
// are mostly absent from the expected text (what costs precision) and the expected paragraphs it
// missed (what costs recall).
//
// Two expected texts per page. expected.html is what mozilla/readability's own tests expect of it, so
// it keeps what Readability keeps: related links, "Read more:" lists, a widget's credit, a dateline.
// Scored against it, Readability is right by definition. The reader's text is that expected text less
// the lines READER_SKIPS names: what a person reading the story skips. The list was written from
// the expected texts, line by line, before the boilerplate pass; it is the judgement being measured.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { extractArticle } from '../src/server/sources/news/article-text.ts';
import { htmlToText } from '../src/server/sources/web/text.ts';

const { values: args } = parseArgs({ options: { show: { type: 'boolean', default: false } } });
const ARTICLES = new URL('../tests/fakes/fixtures/real-formats/articles/', import.meta.url);

/** Lines of expected.html a reader skips (each occurrence), by page. */
const READER_SKIPS: Record<string, string[]> = {
  'readability-bbc-1': [
    // Links to the transcript and to two other stories, each a paragraph of its own.
    'Read the full transcript of his interview',
    'Five things we learned from Obama interview',
    'The presidential body swerve',
  ],
  'readability-cnn': [
    // A calculator widget's credit, two related stories, the dateline.
    'Powered by SmartAsset.com',
    'Related: Rich are paying more in taxes but not as much as they used to',
    "Related: Chicago is America's most segregated city",
    'CNNMoney (New York) First published February 1, 2016: 1:28 AM ET',
  ],
  // The photo's credit.
  'readability-herald-sun-1': ['Source: Supplied'],
  // Labels of the page's furniture and the illustration's credit.
  'readability-nytimes-2': ['Photo', 'Credit Harry Campbell', 'Continue reading the main story'],
  'readability-wapo-1': [
    // Links to other stories set between the paragraphs, a graphic that is not on the page, and the
    // "Read more:" list under the story.
    '[Read: Why Tunisia, Arab Spring’s sole success story, suffers from Islamist violence]',
    '[ Bardo museum houses amazing Roman treasures ]',
    '[Read: Tunisia sends most foreign fighters to Islamic State in Syria]',
    'Map: Flow of foreign fighters to Syria',
    'Read more:',
    'Tunisia’s Islamists get a sobering lesson in governing',
    'Tunisia sends most foreign fighters to Islamic State in Syria',
    'Tunisia’s Bardo museum is home to amazing Roman treasures',
  ],
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function readerText(page: string, expected: string): string {
  const skips = new Set((READER_SKIPS[page] ?? []).map(oneLine));
  const lines = expected.split(/\n+/).map(oneLine);
  const kept = lines.filter((line) => !skips.has(line));
  const missing = [...skips].filter((skip) => !lines.includes(skip));
  if (missing.length) throw new Error(`${page}: READER_SKIPS names lines expected.html lacks: ${missing.join(' | ')}`);
  return kept.join('\n');
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function bag(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

function shared(a: Map<string, number>, b: Map<string, number>): number {
  let common = 0;
  for (const [token, count] of a) common += Math.min(count, b.get(token) ?? 0);
  return common;
}

/** Paragraphs of `text` at least half of whose words `other` lacks. */
function foreign(text: string, other: string): string[] {
  const known = new Set(words(other));
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => {
      const tokens = words(line);
      return tokens.length > 0 && tokens.filter((token) => !known.has(token)).length * 2 >= tokens.length;
    });
}

type Figures = { precision: number; recall: number; f1: number };

function score(text: string, expected: string): Figures {
  const got = words(text);
  const want = words(expected);
  const common = shared(bag(got), bag(want));
  const precision = got.length ? common / got.length : 0;
  const recall = want.length ? common / want.length : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

const stored: Array<[string, Figures]> = [];
const reader: Array<[string, Figures]> = [];
const pages = readdirSync(ARTICLES).filter((page) => existsSync(new URL(`${page}/expected.html`, ARTICLES)));
for (const page of pages.sort()) {
  const html = readFileSync(new URL(`${page}/source.html`, ARTICLES), 'utf8');
  const expected = htmlToText(readFileSync(new URL(`${page}/expected.html`, ARTICLES), 'utf8'));
  const readers = readerText(page, expected);
  const { text } = extractArticle(html, 'https://publisher.example/story');
  stored.push([page, score(text, expected)]);
  reader.push([page, score(text, readers)]);
  if (args.show) {
    console.log(`\n== ${page}: kept, not in the reader's text`);
    for (const line of foreign(text, readers)) console.log(`  + ${line.slice(0, 160)}`);
    console.log(`== ${page}: in the reader's text, not kept`);
    for (const line of foreign(readers, text)) console.log(`  - ${line.slice(0, 160)}`);
  }
}

function table(title: string, rows: Array<[string, Figures]>) {
  const figure = (value: number) => value.toFixed(3);
  const mean = (key: keyof Figures) => rows.reduce((sum, [, figures]) => sum + figures[key], 0) / rows.length;
  const width = Math.max(...rows.map(([page]) => page.length));
  console.log(`\n${title}\n${'page'.padEnd(width)}  precision  recall     F1`);
  const line = (name: string, { precision, recall, f1 }: Figures) =>
    console.log(`${name.padEnd(width)}  ${figure(precision).padStart(9)}  ${figure(recall).padStart(6)}  ${figure(f1).padStart(5)}`);
  for (const [page, figures] of rows) line(page, figures);
  line('mean', { precision: mean('precision'), recall: mean('recall'), f1: mean('f1') });
}

table("Against the reader's text (expected.html less READER_SKIPS)", reader);
table('Against expected.html as stored (what Readability itself is expected to give)', stored);
