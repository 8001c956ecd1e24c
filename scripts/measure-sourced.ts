// Measurement: statements sourced per kind of output (issue 27 §4 "statements sourced per kind of
// output on the fixtures"). Usage: npm run measure:sourced [-- --set main|holdout|all]
//
// measure:statements measures the bare checker; this measures each kind's own wiring of it. The
// retrieved documents are the real publisher pages of tests/fakes/fixtures/real-formats/articles as
// the server reads them (extractArticle), all of them retrieved for every output and numbered in
// one order. The model's answers are built from the hand-labelled sentences of
// tests/fixtures/statements (supported and unsupported as labelled, not_factual as advice without
// a citation), in each kind's output format: its fields, its "… [n]." markers (markedSentence, as
// the prompts ask and the fakes in tests/fakes write), each article's or finding's own URL. Each
// answer goes through that kind's own adapter, the code the product runs after the model answers:
//   news alert        checkNewsAnswer        (jobs/news-alert: headline, analysis, one "why" per article)
//   newsletter        groundDigest + checkDigest (jobs/newsletter: a section's summary, its articles' "why")
//   earnings summary  checkEarningsSummary   (jobs/earnings: key summary, findings with their source)
//   AIR report        ReportGrounding + StepStatements (jobs/air-report: an event, buying-center
//                     priorities, outreach triggers; prospects are left out: their "why" needs a
//                     person the page names, which the labelled sentences are not about)
//   research ×3       analyseCompanyNews / analyseTrends / analyseEarnings with a fixture model and
//                     news source (features/research: markers renumbered, meta.statements; trends'
//                     market figures left empty, as the prompt allows)
//   Wolfebot answer   checkAnswer            (features/wolfebot: failing sentences greyed)
// A file's sentences are spread over as many outputs as that kind's format holds (labels mixed in
// each), so every sentence is in exactly one output; the kinds that list several articles, each
// once (news alert: 3, newsletter: 5), take the sentences of as many files in turn (labels spread
// over them again).
//
// Reported per kind: the labelled factual sentences, the adapter's own count (total, sourced,
// dropped or greyed) and its "N of M statements sourced" line added up over all its outputs (those
// the user gets no answer from too), how many outputs give no answer (a news alert not sent as
// news, an empty digest, NO_SUPPORTING_EVIDENCE instead), and the agreement of what is shown with
// the labels. A sentence is shown when the user sees a sentence of the same words (greyed Wolfebot
// sentences are not shown). Positive = labelled supported:
//   precision = shown labelled supported / shown labelled supported or unsupported
//   recall    = shown labelled supported / labelled supported
// Exits non-zero only when something crashes.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { normaliseWords } from '../src/server/ai/grounding.ts';
import type { AiRun } from '../src/server/ai/runner.ts';
import { markedSentence, NO_SUPPORTING_EVIDENCE, parseStatements } from '../src/server/ai/statements.ts';
import { analyseCompanyNews, analyseEarnings, analyseTrends, type ResearchContext } from '../src/server/features/research/service.ts';
import { checkAnswer } from '../src/server/features/wolfebot/check.ts';
import { ReportGrounding } from '../src/server/jobs/air-report/ground.ts';
import { StepStatements } from '../src/server/jobs/air-report/statements.ts';
import { checkEarningsSummary } from '../src/server/jobs/earnings/statements.ts';
import { checkNewsAnswer } from '../src/server/jobs/news-alert/statements.ts';
import { checkDigest, digestStatements, groundDigest } from '../src/server/jobs/newsletter/handler.ts';
import type { PromptSection } from '../src/server/jobs/newsletter/prompts.ts';
import { addCounts, NO_STATEMENTS } from '../src/server/jobs/runs/statements.ts';
import { extractArticle } from '../src/server/sources/news/article-text.ts';
import type { SourceDocument } from '../src/server/sources/web/types.ts';
import { type StatementCount, statementCountLabel } from '../src/shared/library.ts';
import {
  COMPANY_NEWS_TIMEFRAMES,
  companyNewsRequestSchema,
  EARNINGS_QUARTERS,
  EARNINGS_YEARS,
  earningsRequestSchema,
  TREND_TIMEFRAMES,
  TREND_TYPES,
  trendsRequestSchema,
} from '../src/shared/research.ts';

const SET = new URL('../tests/fixtures/statements/', import.meta.url);
const ARTICLES = new URL('../tests/fakes/fixtures/real-formats/articles/', import.meta.url);

type Label = 'supported' | 'unsupported' | 'not_factual';
export type LabelledStatement = { text: string; label: Label; error?: string; cites?: string[] };
export type LabelledFile = { file: string; article: string; statements: LabelledStatement[] };

/** A labelled sentence as an answer states it: the prompt numbers of the pages it cites, and the page it is about. */
type Sentence = LabelledStatement & { numbers: number[]; own: number };

/** What one kind's adapter made of one answer. */
type Output = {
  /** The adapter's count, as the user is told it. */
  count: StatementCount;
  /** The texts the user sees as the answer (greyed sentences not among them). */
  shown: string[];
  /** The user gets no answer from it: not sent as news, or NO_SUPPORTING_EVIDENCE instead. */
  withheld: boolean;
};

type Kind = {
  name: string;
  /** How many sentences one output of this kind holds. */
  size: number;
  /** It lists several articles, each once: its outputs take their sentences from this many files, not one. */
  articles?: number;
  run(documents: SourceDocument[], sentences: Sentence[]): Promise<Output>;
};

export type KindResult = {
  kind: string;
  outputs: number;
  withheld: number;
  /** Labelled sentences put in its outputs, by label. */
  labelled: Record<Label, number>;
  count: StatementCount;
  shownSupported: number;
  shownUnsupported: number;
  shownNotFactual: number;
  precision: number;
  recall: number;
};

export function loadFiles(set: 'main' | 'holdout' | 'all' = 'all'): LabelledFile[] {
  const folders = set === 'all' ? [SET, new URL('holdout/', SET)] : [set === 'main' ? SET : new URL('holdout/', SET)];
  return folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({
        file: `${folder === SET ? '' : 'holdout/'}${f}`,
        ...(JSON.parse(readFileSync(new URL(f, folder), 'utf8')) as Omit<LabelledFile, 'file'>),
      })),
  );
}

/** The pages as the server reads them, as retrieved news; `names` in their prompt order. */
export function pagesOf(files: LabelledFile[]): { names: string[]; documents: SourceDocument[] } {
  const names = [...new Set(files.flatMap((f) => [f.article, ...f.statements.flatMap((s) => s.cites ?? [])]))].sort();
  const documents = names.map((name): SourceDocument => {
    const url = `https://publisher.example/${name}`;
    const article = extractArticle(readFileSync(new URL(`${name}/source.html`, ARTICLES), 'utf8'), url);
    if (article.status === 'failed') throw new Error(`${name}: no article text extracted`);
    return {
      url,
      title: article.title,
      publisher: article.publisher,
      publishedAt: article.publishedAt,
      text: article.text,
      kind: 'news',
      evidence: 'article',
    };
  });
  return { names, documents };
}

/** Labels spread evenly through the file's order, so each output mixes them as the file does. */
function spread<S extends LabelledStatement>(statements: S[]): S[] {
  const position = new Map<S, number>();
  for (const label of ['supported', 'unsupported', 'not_factual'] as const) {
    const group = statements.filter((s) => s.label === label);
    for (const [i, s] of group.entries()) position.set(s, (i + 0.5) / group.length);
  }
  return [...statements].sort((a, b) => position.get(a)! - position.get(b)!);
}

/** Sentences cut into as few outputs of at most `size` as hold them, of even lengths, in their order. */
function outputsOf(sentences: Sentence[], size: number): Sentence[][] {
  const count = Math.ceil(sentences.length / size);
  return Array.from({ length: count }, (_, i) =>
    sentences.slice(Math.round((i * sentences.length) / count), Math.round(((i + 1) * sentences.length) / count)),
  );
}

/**
 * No output states the same sentence twice (the labelled set has one sentence cited once to the
 * right pages and once to wrong ones): a repeat changes places with a sentence of the next output.
 */
function sayOnce(outputs: Sentence[][]): Sentence[][] {
  for (const [i, output] of outputs.entries()) {
    const next = outputs[(i + 1) % outputs.length]!;
    if (next === output) break;
    for (const [k, sentence] of output.entries()) {
      if (output.findIndex((s) => s.text === sentence.text) === k) continue;
      const j = next.findIndex((s) => !output.some((o) => o.text === s.text) && !next.some((n) => n.text === sentence.text));
      if (j >= 0) [output[k], next[j]] = [next[j]!, sentence];
    }
  }
  return outputs;
}

/** The files' sentences in turn: the first of each file, then the second of each… */
function roundRobin(lists: Sentence[][]): Sentence[] {
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) => lists.flatMap((l) => (i < l.length ? [l[i]!] : []))).flat();
}

/** The sentence as the model writes it: "… [2]." (advice without a marker). */
const marked = (s: Sentence) => markedSentence({ text: s.text, cites: s.numbers });
const joined = (sentences: Sentence[]) => sentences.map(marked).join(' ');

/** Takes the next `n` sentences off the front. */
const take = (sentences: Sentence[], n: number) => sentences.splice(0, n);

const urlOf = (documents: SourceDocument[], n: number) => documents[n - 1]!.url;
/** The pages an output's sentences cite, in first-cited order (the "sources" URLs a model lists). */
const citedUrls = (documents: SourceDocument[], sentences: Sentence[]) => [
  ...new Set(sentences.flatMap((s) => s.numbers).map((n) => urlOf(documents, n))),
];

/** Up to `n` sentences about different pages, taken off the list: the articles an output lists, each once. */
function distinctPages(sentences: Sentence[], n: number): Sentence[] {
  const picked: Sentence[] = [];
  for (const s of [...sentences]) {
    if (picked.length === n) break;
    if (picked.some((p) => p.own === s.own)) continue;
    picked.push(s);
    sentences.splice(sentences.indexOf(s), 1);
  }
  return picked;
}

const newsAlert: Kind = {
  name: 'news alert',
  // Up to three articles with their one-sentence "why", a headline on the lead article, and a
  // two-to-four-sentence analysis.
  size: 8,
  articles: 3,
  async run(documents, sentences) {
    const items = distinctPages(sentences, 3);
    // The headline names the lead article's news: a sentence about a listed article, that article first.
    const onListed = sentences.findIndex((s) => items.some((item) => item.own === s.own));
    const headline = sentences.splice(Math.max(onListed, 0), 1)[0] ?? items.shift()!;
    const lead = items.findIndex((item) => item.own === headline.own);
    if (lead > 0) items.unshift(...items.splice(lead, 1));
    const answer = {
      hasNews: true,
      headline: marked(headline),
      analysis: joined(sentences),
      items: items.map((s) => ({ url: urlOf(documents, s.own), why: marked(s) })),
    };
    const checked = checkNewsAnswer(documents, answer, []);
    // What the e-mail counts: the headline, the analysis and the articles it lists.
    const count = addCounts(checked.checked, ...checked.items.map((item) => item.statements));
    if (!checked.hasNews) return { count, shown: [], withheld: true };
    return { count, shown: [checked.headline, checked.summary, ...checked.items.map((item) => item.summary ?? '')], withheld: false };
  },
};

const newsletter: Kind = {
  name: 'newsletter',
  // A topic section of every page: a one-or-two-sentence summary, and up to five articles with
  // their one-sentence "why" (an article is listed once in a digest).
  size: 7,
  articles: 5,
  async run(documents, sentences) {
    const items = distinctPages(sentences, 5);
    const sections: PromptSection[] = [{ kind: 'topic', title: 'In the news', keywords: [], documents }];
    const output = {
      sections: [
        {
          section: 1,
          summary: sentences.length ? joined(sentences) : 'Nothing else stood out.',
          items: items.map((s) => ({ url: urlOf(documents, s.own), whyItMatters: marked(s) })),
        },
      ],
      trends: [],
    };
    const checked = checkDigest(sections, groundDigest(sections, output));
    const count = digestStatements(checked.sections, checked.removed);
    const shown = checked.sections.flatMap((s) => [s.summary, ...s.items.map((item) => item.summary ?? '')]);
    return { count, shown, withheld: checked.sections.length === 0 };
  },
};

const earningsSummary: Kind = {
  name: 'earnings summary',
  // A two-to-four-sentence key summary and four to six findings, each with its document's URL.
  size: 10,
  async run(documents, sentences) {
    const summary = take(sentences, 4);
    const output = {
      keySummary: joined(summary),
      keyFindings: sentences.map((s) => ({ text: marked(s), sourceUrl: urlOf(documents, s.own) })),
      quotes: [],
      sources: citedUrls(documents, [...summary, ...sentences]),
    };
    const checked = checkEarningsSummary(documents, output);
    const withheld = checked.keySummary === NO_SUPPORTING_EVIDENCE;
    return { count: checked.statements, shown: withheld ? [] : [checked.keySummary, ...checked.keyFindings], withheld };
  },
};

const airReport: Kind = {
  name: 'AIR report',
  // The steps that state facts with markers: an event (one or two sentences), outreach triggers
  // (one sentence each) and a buying center's priorities (one sentence each, at most five).
  size: 10,
  async run(documents, sentences) {
    const grounding = new ReportGrounding(documents);
    const eventSentences = take(sentences, 2);
    const triggers = take(sentences, 3);
    const event = eventSentences[0]!;
    const news = new StepStatements(documents);
    const events = news.events(
      grounding.events({
        events: [
          {
            type: 'other',
            date: null,
            headline: documents[event.own - 1]!.title ?? 'News',
            summary: joined(eventSentences),
            sourceUrl: urlOf(documents, event.own),
          },
        ],
      }),
    );
    const personas = new StepStatements(documents);
    const buyingCenters = personas.buyingCenters(
      grounding.buyingCenters({
        buyingCenters: [
          {
            name: 'Communications',
            roles: ['Head of Communications'],
            priorities: sentences.map((s) => ({ text: marked(s), sourceUrl: urlOf(documents, s.own) })),
          },
        ],
      }),
    );
    const outreachStep = new StepStatements(documents);
    const outreach = outreachStep.outreach(
      grounding.outreach(
        {
          outreach: triggers.map((s) => ({
            prospectName: null,
            buyingCenter: 'Communications',
            angle: 'Open with what they are dealing with now.',
            trigger: { text: marked(s), sourceUrl: urlOf(documents, s.own) },
            message: 'I read about this and thought of how we help teams like yours. Worth a short call next week?',
          })),
        },
        [],
      ),
    );
    const count = addCounts(news.count, personas.count, outreachStep.count);
    const shown = [
      ...events.map((e) => e.summary),
      ...buyingCenters.flatMap((c) => c.priorities.map((p) => p.text)),
      ...outreach.map((o) => o.trigger.text),
    ];
    return { count, shown, withheld: false };
  },
};

/** A research context whose model answers `output` and whose news search finds `documents`. */
function researchContext(documents: SourceDocument[], output: unknown): ResearchContext {
  const run = { model: 'labelled-fixtures', generate: async () => ({ output, citations: [] }) };
  const news = { search: async () => ({ documents, stillReading: 0 }) };
  const sec = { resolveCompany: async () => null };
  return {
    run: run as unknown as AiRun,
    sources: { news, sec, transcripts: null } as unknown as ResearchContext['sources'],
    signal: new AbortController().signal,
    stage: () => {},
  };
}

/** What a research result shows; none of it when it says NO_SUPPORTING_EVIDENCE instead. */
function researchOutput(data: { keySummary: string }, texts: string[], count: StatementCount | undefined): Output {
  const withheld = data.keySummary === NO_SUPPORTING_EVIDENCE;
  return { count: count ?? NO_STATEMENTS, shown: withheld ? [] : [data.keySummary, ...texts], withheld };
}

const companyNews: Kind = {
  name: 'research: company news',
  // A two-to-four-sentence key summary and three to seven findings.
  size: 8,
  async run(documents, sentences) {
    const summary = take(sentences, 3);
    const output = {
      keySummary: joined(summary),
      keyFindings: sentences.map(marked),
      sources: citedUrls(documents, [...summary, ...sentences]),
    };
    const query = companyNewsRequestSchema.parse({ companyName: 'Fixture', timeframe: COMPANY_NEWS_TIMEFRAMES[0] });
    const { data, meta } = await analyseCompanyNews(researchContext(documents, output), query);
    return researchOutput(data, data.keyFindings, meta.statements);
  },
};

const industryTrends: Kind = {
  name: 'research: industry trends',
  // A key summary, a trend's two-to-four-sentence analysis, and three to seven findings.
  size: 10,
  async run(documents, sentences) {
    const summary = take(sentences, 3);
    const trend = take(sentences, 3);
    const output = {
      keySummary: joined(summary),
      keyFindings: sentences.map(marked),
      trendAnalysis: [{ trend: 'What the coverage shows', analysis: joined(trend) }],
      marketData: [],
      sources: citedUrls(documents, [...summary, ...trend, ...sentences]),
    };
    const query = trendsRequestSchema.parse({ industry: 'Fixture', trendType: TREND_TYPES[0], timeframe: TREND_TIMEFRAMES[0] });
    const { data, meta } = await analyseTrends(researchContext(documents, output), query);
    return researchOutput(data, [...data.keyFindings, ...data.trendAnalysis.map((t) => t.analysis)], meta.statements);
  },
};

const earningsAnalysis: Kind = {
  name: 'research: earnings analysis',
  // A two-to-four-sentence key summary and four to eight findings (quotes are checked word for
  // word by grounding, not as statements).
  size: 9,
  async run(documents, sentences) {
    const summary = take(sentences, 3);
    const output = {
      keySummary: joined(summary),
      keyFindings: sentences.map(marked),
      quotes: [],
      sources: citedUrls(documents, [...summary, ...sentences]),
    };
    const query = earningsRequestSchema.parse({ companyName: 'Fixture', year: EARNINGS_YEARS[0], quarter: EARNINGS_QUARTERS[0] });
    const { data, meta } = await analyseEarnings(researchContext(documents, output), query);
    return researchOutput(data, data.keyFindings, meta.statements);
  },
};

const wolfebotAnswer: Kind = {
  name: 'Wolfebot answer',
  // A short answer in two paragraphs.
  size: 6,
  async run(documents, sentences) {
    const answerDocuments = documents.map((doc, i) => ({
      n: i + 1,
      title: doc.title ?? doc.url,
      url: doc.url,
      kind: 'news' as const,
      // As the answer's prompt carries fresh news: publisher, day, text.
      text: [doc.publisher, doc.publishedAt?.slice(0, 10), doc.text].filter(Boolean).join(' · '),
      publishedAt: doc.publishedAt,
    }));
    const half = Math.ceil(sentences.length / 2);
    const text = `${joined(sentences.slice(0, half))}\n\n${joined(sentences.slice(half))}`.trim();
    const checked = checkAnswer(answerDocuments, text);
    if (checked.noEvidence) return { count: checked.statements, shown: [], withheld: true };
    const shown = checked.sentences.filter((s) => s.verdict === 'supported' || s.verdict === 'not_factual').map((s) => s.text);
    return { count: checked.statements, shown, withheld: false };
  },
};

export const KINDS: Kind[] = [
  newsAlert,
  newsletter,
  earningsSummary,
  airReport,
  companyNews,
  industryTrends,
  earningsAnalysis,
  wolfebotAnswer,
];

/** A text's sentences as the checker reads them, each as its words. */
const sentencesIn = (text: string) => parseStatements(text).map((s) => normaliseWords(s.text));

/**
 * Which of `candidates` (sentences as words) the user sees in `shown`: each sentence read from it
 * is one of them, or several in a row (without their markers, "… Remain Co. Remain Co. will…" reads
 * as one sentence). One that another contains is not seen for it ("Josh Earnest said…" inside
 * "White House press secretary Josh Earnest said…").
 */
function seen(shown: string[], candidates: string[]): Set<string> {
  const found = new Set<string>();
  const lengths = new Map(candidates.map((c) => [c, c.split(' ').length]));
  for (const sentence of shown.flatMap(sentencesIn)) {
    const words = sentence.split(' ');
    // ends[i]: a candidate that ends a run of candidates covering words[0, i).
    const ends = new Map<number, string | null>([[0, null]]);
    for (let i = 0; i < words.length; i++) {
      if (!ends.has(i)) continue;
      for (const [candidate, n] of lengths) {
        if (!ends.has(i + n) && words.slice(i, i + n).join(' ') === candidate) ends.set(i + n, candidate);
      }
    }
    if (!ends.has(words.length)) continue;
    for (let at = words.length; at > 0; at -= lengths.get(ends.get(at)!)!) found.add(ends.get(at)!);
  }
  return found;
}
const ratio = (a: number, b: number) => (b ? a / b : 1);

/** Every file's sentences through every kind's adapter, outputs of that kind's size. */
export async function measureSourced(files: LabelledFile[], kinds: Kind[] = KINDS): Promise<KindResult[]> {
  const { names, documents } = pagesOf(files);
  const numberOf = (name: string) => names.indexOf(name) + 1;
  const results: KindResult[] = [];
  for (const kind of kinds) {
    const result: KindResult = {
      kind: kind.name,
      outputs: 0,
      withheld: 0,
      labelled: { supported: 0, unsupported: 0, not_factual: 0 },
      count: NO_STATEMENTS,
      shownSupported: 0,
      shownUnsupported: 0,
      shownNotFactual: 0,
      precision: 1,
      recall: 1,
    };
    const perFile = files.map((file) =>
      spread(file.statements).map(
        (s): Sentence => ({
          ...s,
          numbers: s.label === 'not_factual' ? [] : (s.cites ?? [file.article]).map(numberOf),
          own: numberOf(s.cites?.[0] ?? file.article),
        }),
      ),
    );
    const groups = kind.articles
      ? Array.from({ length: Math.ceil(perFile.length / kind.articles) }, (_, i) =>
          spread(roundRobin(perFile.slice(i * kind.articles!, (i + 1) * kind.articles!))),
        )
      : perFile;
    const outputs = groups.flatMap((sentences) => sayOnce(outputsOf(sentences, kind.size)));
    for (const part of outputs) {
      const output = await kind.run(documents, [...part]);
      const shown = seen(output.shown, [...new Set(part.flatMap((s) => sentencesIn(s.text)))].filter(Boolean));
      result.outputs += 1;
      result.withheld += output.withheld ? 1 : 0;
      result.count = addCounts(result.count, output.count);
      for (const s of part) {
        result.labelled[s.label] += 1;
        if (!sentencesIn(s.text).every((words) => shown.has(words))) continue;
        if (s.label === 'supported') result.shownSupported += 1;
        else if (s.label === 'unsupported') result.shownUnsupported += 1;
        else result.shownNotFactual += 1;
      }
    }
    result.precision = ratio(result.shownSupported, result.shownSupported + result.shownUnsupported);
    result.recall = ratio(result.shownSupported, result.labelled.supported);
    results.push(result);
  }
  return results;
}

function table(results: KindResult[]): string {
  const header = [
    'kind',
    'outputs',
    'no answer',
    'labelled S/U/NF',
    'total',
    'sourced',
    'dropped/greyed',
    'as the user sees it',
    'shown S/U',
    'precision',
    'recall',
  ];
  const rows = results.map((r) => [
    r.kind,
    String(r.outputs),
    String(r.withheld),
    `${r.labelled.supported}/${r.labelled.unsupported}/${r.labelled.not_factual}`,
    String(r.count.total),
    String(r.count.sourced),
    String(r.count.total - r.count.sourced),
    statementCountLabel(r.count),
    `${r.shownSupported}/${r.shownUnsupported}`,
    r.precision.toFixed(3),
    r.recall.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

if (import.meta.main) {
  const { values: args } = parseArgs({ options: { set: { type: 'string', default: 'all' } } });
  const set = args.set as 'main' | 'holdout' | 'all';
  if (!['main', 'holdout', 'all'].includes(set)) throw new Error(`--set: main, holdout or all, not ${set}`);
  const files = loadFiles(set);
  const started = performance.now();
  const results = await measureSourced(files);
  const statements = files.reduce((n, f) => n + f.statements.length, 0);
  console.log(
    `Statements sourced per kind of output: ${files.length} labelled files (${set}), ${statements} sentences, ` +
      `each kind's own adapter (${(performance.now() - started).toFixed(0)} ms).`,
  );
  console.log(
    'total/sourced/dropped: the adapter\'s own count (Wolfebot greys what fails: shown, not dropped); "no answer": outputs the user gets none from ' +
      '(news alert not sent as news, empty digest, NO_SUPPORTING_EVIDENCE instead); shown S/U: labelled supported/unsupported sentences the user sees.\n',
  );
  console.log(table(results));
}
