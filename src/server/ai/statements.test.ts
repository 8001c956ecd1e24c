import { describe, expect, it } from 'vitest';
import { evaluateStatements } from '../../../scripts/measure-statements.ts';
import { statementCountLabel } from '../../shared/library.ts';
import { documentsBlock } from './documents.ts';
import {
  type CheckedStatement,
  CITATION_RULE,
  checkStatements,
  keptText,
  markedSentence,
  NO_SUPPORTING_EVIDENCE,
  numberedDocuments,
  PASSAGE_WORDS,
  parseStatements,
  type Statement,
  type StatementDocument,
} from './statements.ts';

const acme: StatementDocument = {
  id: 1,
  title: 'Acme beats estimates as cloud revenue climbs',
  publisher: 'Reuters',
  publishedAt: '2026-11-20T10:00:00.000Z',
  text: [
    'Acme Corp. (NASDAQ: ACME) said on Thursday that revenue rose 12% to $1.2 billion in the third quarter of 2026, ' +
      'beating estimates. Chief executive Jane Roe said: “We delivered record revenue this quarter, and our cloud business grew faster than ever.”',
    'The company will open a plant in São Paulo in February 2027 and expects to hire about nine hundred people there. ' +
      'Acme is not opening any new stores in Europe. Its Paris office will close on Feb. 9.',
    "Mr Roe's deputy, Tom Baker, told analysts the company's margins fell to 31 percent. Acme bought Beta Systems in 2019 for €450 million.",
    'Its Société Générale credit line of $300m was renewed in the 1990s and again in Q1 2025.',
  ].join('\n\n'),
};
const globex: StatementDocument = {
  id: 2,
  title: 'Globex cuts jobs',
  publisher: 'Bloomberg',
  publishedAt: '2026-11-18T08:00:00.000Z',
  text: 'Globex Inc. will cut 1,500 jobs, or two-thirds of its Ohio workforce, chief financial officer Ann Lee said on Monday. Shares fell 4 per cent.',
};
const docs = [acme, globex];

function verdict(text: string, cites: number[] = [1], documents = docs): CheckedStatement {
  return checkStatements(documents, [{ text, cites }]).statements[0]!;
}
const supported = (text: string, cites?: number[]) => expect(verdict(text, cites).verdict, text).toBe('supported');
const unsupported = (text: string, cites?: number[]) => expect(verdict(text, cites).verdict, text).toBe('unsupported');

describe('parseStatements', () => {
  it('reads each sentence with the documents its markers cite, wherever the marker stands at its end', () => {
    expect(parseStatements('Acme grew 12% [1]. Globex cut jobs. [2] Both met analysts [1, 2].')).toEqual([
      { text: 'Acme grew 12%.', cites: [1], paragraph: 0, line: 0 },
      { text: 'Globex cut jobs.', cites: [2], paragraph: 0, line: 0 },
      { text: 'Both met analysts.', cites: [1, 2], paragraph: 0, line: 0 },
    ]);
  });

  it('joins markers within a sentence, repeated markers and ranges, and ignores a marker standing alone after its sentence', () => {
    expect(parseStatements('Acme grew [1] while Globex shrank [2][3] and Initech held [3-5].').map((s) => s.cites)).toEqual([
      [1, 2, 3, 4, 5],
    ]);
    expect(parseStatements('Acme grew 12%.\n[4]').map((s) => [s.text, s.cites])).toEqual([['Acme grew 12%.', [4]]]);
  });

  it('does not end a sentence at an abbreviation, an initial or a decimal point', () => {
    const text =
      'The U.S. Embassy in Tunis was attacked on Sept. 11, 2012 [1]. Mr. Roe met John F. Kennedy Jr. at Acme Corp. in 2019 [2]. Revenue was $4.8 billion [1].';
    expect(parseStatements(text).map((s) => s.text)).toEqual([
      'The U.S. Embassy in Tunis was attacked on Sept. 11, 2012.',
      'Mr. Roe met John F. Kennedy Jr. at Acme Corp. in 2019.',
      'Revenue was $4.8 billion.',
    ]);
  });

  it('ends a sentence after a closing quote, and after an abbreviation when a marker says so', () => {
    expect(
      parseStatements('Roe said “we delivered.” [1] Sales rose in the U.S. [2] Then they fell.').map((s) => [s.text, s.cites]),
    ).toEqual([
      ['Roe said “we delivered.”', [1]],
      ['Sales rose in the U.S.', [2]],
      ['Then they fell.', []],
    ]);
  });

  it('keeps paragraphs, lines and list markers', () => {
    const parsed = parseStatements('Acme grew [1]. It hired.\n\n- Globex cut jobs [2].\n- Shares fell [2]. Badly.\n1. Initech held [3].');
    expect(parsed.map(({ text, paragraph, line, bullet }) => [text, paragraph, line, bullet])).toEqual([
      ['Acme grew.', 0, 0, undefined],
      ['It hired.', 0, 0, undefined],
      ['Globex cut jobs.', 1, 0, '-'],
      ['Shares fell.', 1, 1, '-'],
      ['Badly.', 1, 1, '-'],
      ['Initech held.', 1, 2, '1.'],
    ]);
  });

  it('does not take a huge range for a citation of everything', () => {
    expect(parseStatements('Acme grew [1-99999].')[0]!.cites).toHaveLength(10);
  });
});

describe('what is a factual statement', () => {
  it('keeps a sentence without a name, number, date or quote, and does not count it', () => {
    for (const text of [
      'Consider how this compares with the deals your customer is weighing.',
      'Ask how they plan to manage the transition.',
      'That finding is a useful conversation starter with HR buyers.',
      'First, keep the tone neutral.',
      'It is one of the options worth raising.',
    ]) {
      expect(verdict(text, []).verdict, text).toBe('not_factual');
    }
  });

  it('counts a sentence with a name, a number, a date or a quote as a fact, and drops it without a citation', () => {
    for (const text of ['Acme is growing.', 'Revenue rose 12%.', 'Results came on Thursday.', 'They called it “record revenue”.']) {
      expect(verdict(text, []).verdict, text).toBe('uncited');
    }
  });

  it('treats a sentence that cites only documents it was not given as uncited', () => {
    expect(verdict('Acme is growing.', [7, 0, -1])).toMatchObject({ verdict: 'uncited', unknownCites: [7] });
  });

  it('does not read the verb an instruction begins with as a name, unless the documents write it as one', () => {
    for (const text of ['Show this to the procurement team before the call.', 'Summarise the main risks for the board.']) {
      expect(verdict(text, []).verdict, text).toBe('not_factual');
    }
    expect(verdict("Outline Acme's plans for the board.")).toMatchObject({ verdict: 'supported', stated: ["Acme's"] });
    // "Match" is a company where the documents write it capitalised mid-sentence.
    const doc = { id: 1, text: 'Dating apps are struggling, Match said on Tuesday. Shares of Match fell 5%.' };
    expect(verdict('Match said its shares fell 5%.', [1], [doc]).stated).toEqual(['5%', 'Match']);
  });

  it('tells a common first word from a name by how the documents write it', () => {
    // "Revenue" is a common word; "Globex", "Paris" are names wherever they stand.
    expect(verdict('Revenue rose 12% in the third quarter of 2026.').stated).toEqual(['12%', 'third quarter', '2026']);
    expect(verdict('Paris office will close on Feb. 9.').stated).toEqual(['Feb. 9', 'Paris']);
  });
});

describe('names', () => {
  it('must be in a cited document', () => {
    supported('Jane Roe runs Acme Corp.');
    expect(verdict('John Doe runs Acme Corp.')).toMatchObject({ verdict: 'unsupported', missing: ['John Doe'] });
  });

  it('match whatever the case, diacritics, possessive, plural or honorific', () => {
    supported("ACME's deputy chief is Mr Tom Baker.");
    supported('Acme renewed its Societe Generale credit line.');
    supported('The plant will be in Sao Paulo.');
    supported('Mrs. Roe leads Acme.');
  });

  it('are checked as a whole: their words within a few words of each other, in one sentence of the document', () => {
    supported('Chief executive Jane Roe spoke for Acme.');
    // "Baker" and "Jane" are both in the document, never as one name.
    unsupported('Jane Baker spoke for Acme.');
    // "Wyoming" ends one sentence and "Colorado" begins the next: not the University of Colorado.
    const doc = { id: 1, text: 'Robert Godby teaches at the University of Wyoming. Colorado has a renewables standard.' };
    expect(verdict('Robert Godby teaches at the University of Wyoming.', [1], [doc]).verdict).toBe('supported');
    expect(verdict('Robert Godby teaches at the University of Colorado.', [1], [doc])).toMatchObject({
      verdict: 'unsupported',
      missing: ['University of Colorado'],
    });
  });

  it('include a role just before a name', () => {
    supported('Chief financial officer Ann Lee announced the Globex cuts.', [2]);
    unsupported('Globex chief executive Ann Lee announced the cuts.', [2]);
  });

  it('match a place and its people ("Brazilian" is not "Brazil", but "Parisian" is "Paris")', () => {
    supported('Its Parisian office will close.');
    unsupported('Acme will open a Brazilian plant.');
  });

  it('include tickers and acronyms', () => {
    supported('ACME reported revenue of $1.2 billion.');
    unsupported('ACMX reported revenue of $1.2 billion.');
  });
});

describe('web addresses', () => {
  it('are stated like names: a sentence giving one must cite a document that has it', () => {
    // An instruction giving an address is no advice to keep without a source.
    expect(verdict('Verify your account at https://evil.example/login or www.evil.example today.', []).verdict).toBe('uncited');
    expect(verdict('Read the results at https://evil.example/login.')).toMatchObject({
      verdict: 'unsupported',
      missing: ['https://evil.example/login'],
    });
    const doc = { id: 1, text: 'Acme posted its results at https://acme.example/investors on Thursday.' };
    expect(verdict('Acme posted its results at https://acme.example/investors.', [1], [doc]).verdict).toBe('supported');
    expect(verdict('See www.acme.example/investors for the results.', [1], [doc]).verdict).toBe('supported');
  });
});

describe('numbers', () => {
  it('match whatever the currency sign, scale or percent wording', () => {
    for (const text of [
      'Revenue was $1.2 billion.',
      'Revenue was 1.2 billion dollars.',
      'Revenue was $1.2bn.',
      'Revenue was US$1,200 million.',
      'Revenue rose 12 percent.',
      'Revenue rose 12 per cent.',
      'The credit line is $300 million.',
      'Acme will hire about 900 people in Sao Paulo.',
      'Globex will cut two thirds of its Ohio workforce.',
    ]) {
      supported(text, text.includes('Globex') ? [2] : [1]);
    }
  });

  it('tell a fraction from an ordinal', () => {
    const doc = { id: 1, text: 'A third of the staff left. Acme chose a second option.' };
    expect(verdict('Half of the staff left.', [1], [doc]).verdict).toBe('unsupported');
    expect(verdict('A third option was chosen.', [1], [doc]).verdict).toBe('unsupported');
    expect(verdict('Acme chose a second option.', [1], [doc]).verdict).toBe('supported');
  });

  it('fail when the value, the currency or the percent is not the document’s', () => {
    expect(verdict('Revenue rose 13% to $1.2 billion.')).toMatchObject({ verdict: 'unsupported', missing: ['13%'] });
    expect(verdict('Acme bought Beta Systems for $450 million.').missing).toEqual(['$450 million']);
    expect(verdict('Revenue rose $12.').missing).toEqual(['$12']);
    // Rounded is not the document's figure.
    expect(verdict('Revenue was nearly $1 billion.').missing).toEqual(['$1 billion']);
    unsupported('Globex will cut 1,600 jobs.', [2]);
    unsupported('Acme will hire about nine thousand people.');
  });

  it('match a bare number to the document’s amount or percent', () => {
    supported('Revenue rose 12 points to 1.2 billion.');
    supported('Globex shares fell 4.', [2]);
  });
});

describe('dates', () => {
  it('match however the day and month are written', () => {
    for (const text of [
      'The Paris office closes on February 9.',
      'The Paris office closes on 9 February.',
      'The Paris office closes Feb 9.',
    ]) {
      supported(text);
    }
    unsupported('The Paris office closes on Feb. 10.');
  });

  it('match quarters and halves however written, and a month with its year', () => {
    supported('Revenue rose 12% in Q3 2026.');
    supported('Revenue rose 12% in 3Q26.');
    supported('The credit line was renewed in the first quarter of 2025.');
    unsupported('Revenue rose 12% in the fourth quarter of 2026.');
    supported('The São Paulo plant opens in February 2027.');
    // 2026 and February are both in the document, never as February 2026.
    unsupported('The São Paulo plant opens in February 2026.');
    supported('The credit line was renewed in the 1990s.');
    unsupported('The credit line was renewed in the 1980s.');
  });

  it('match weekdays, and the document’s own date, whole', () => {
    supported('Acme reported on Thursday.');
    unsupported('Acme reported on Wednesday.');
    supported('Reuters reported on November 20, 2026 that Acme beat estimates.');
    supported('Globex said on November 18, 2026 that it would cut 1,500 jobs.', [2]);
    unsupported('Reuters reported on November 21, 2026 that Acme beat estimates.');
    // Published on a Wednesday in November 2026: that alone vouches for no event on a Wednesday, in November or in 2026.
    unsupported('Globex will cut 1,500 jobs on Wednesday.', [2]);
    unsupported('Globex will cut 1,500 jobs in November.', [2]);
    unsupported('Globex will cut 1,500 jobs in 2026.', [2]);
  });
});

describe('quotes', () => {
  it('must be the document’s words, whatever the quote marks, case and spacing', () => {
    supported('Roe said "we delivered record revenue this quarter."');
    supported("Roe said 'We delivered   record revenue this quarter, and our cloud business grew faster than ever.'");
    supported('Roe said the cloud business “grew faster than ever”.');
  });

  it('fail when paraphrased or invented, even by one word', () => {
    expect(verdict('Roe said “we delivered record sales this quarter.”')).toMatchObject({
      verdict: 'unsupported',
      missing: ['"we delivered record sales this quarter."'],
    });
    unsupported('Roe said “our cloud business grew faster than ever before”.');
    unsupported('Roe said "we will double revenue next year."');
  });

  it('may skip words with an ellipsis', () => {
    supported('Roe said “we delivered record revenue … and our cloud business grew faster than ever.”');
    unsupported('Roe said “our cloud business grew … record revenue”.');
  });
});

describe('citations', () => {
  it('must be to the documents that say it: the same sentence cited to another document fails', () => {
    supported('Globex will cut 1,500 jobs.', [2]);
    expect(verdict('Globex will cut 1,500 jobs.', [1])).toMatchObject({ verdict: 'unsupported', missing: ['1,500', 'Globex'] });
  });

  it('may be to several documents, each saying part of it', () => {
    supported('Acme revenue rose 12% while Globex will cut 1,500 jobs.', [1, 2]);
    unsupported('Acme revenue rose 12% while Globex will cut 1,500 jobs.', [1]);
  });

  it('fail when what the sentence states is scattered over the document rather than said in one passage', () => {
    const filler = ' The weather was mild.'.repeat(Math.ceil(PASSAGE_WORDS / 4));
    const doc = { id: 1, text: `Initech hired Bob Slydell in 2019.${filler} Initech opened a plant in Austin in 2021.` };
    expect(verdict('Initech hired Bob Slydell in 2019.', [1], [doc]).verdict).toBe('supported');
    expect(verdict('Initech hired Bob Slydell in Austin.', [1], [doc])).toMatchObject({ verdict: 'unsupported', apart: expect.any(Array) });
  });

  it('count the title, publisher and date for what the text does not say', () => {
    supported('Reuters says Acme beat estimates.');
    supported('Globex cuts jobs, Bloomberg reported.', [2]);
  });
});

describe('contradictions', () => {
  it('fail a sentence stating plainly what its source states negated', () => {
    expect(verdict('Acme is opening new stores in Europe.')).toMatchObject({
      verdict: 'unsupported',
      contradicted: ['opening (the source: not opening)'],
    });
    supported('Acme is not opening new stores in Europe.');
  });

  it('fail a direction its source says the opposite of, about the same thing', () => {
    expect(verdict('Tom Baker said margins rose to 31 percent.')).toMatchObject({
      verdict: 'unsupported',
      contradicted: ['rose (the source: fell)'],
    });
    supported('Tom Baker said margins fell to 31 percent.');
    supported('Tom Baker said margins declined to 31 percent.');
    // Revenue rose: "fell" is said of margins, not of revenue.
    supported('Acme said revenue rose 12%.');
    // The thing a direction is said of may be the sentence's first, capitalised word.
    expect(verdict('Revenue fell 12%.')).toMatchObject({ verdict: 'unsupported', contradicted: ['fell (the source: rose)'] });
    supported('Revenue rose 12%.');
  });

  it("take, of both directions used near, the one next to more of the sentence's words", () => {
    const doc = {
      id: 1,
      text: 'Wyoming has closed fewer coal-fired plants than other states. Its nearby plants generate far more electricity than it can use.',
    };
    expect(verdict('Wyoming has closed more coal-fired plants than other states.', [1], [doc])).toMatchObject({
      verdict: 'unsupported',
      contradicted: ['more (the source: fewer)'],
    });
    expect(verdict('Wyoming has closed fewer coal-fired plants than other states.', [1], [doc]).verdict).toBe('supported');
    expect(verdict("Wyoming's nearby plants generate more electricity than it can use.", [1], [doc]).verdict).toBe('supported');
  });
});

describe('figures given to the wrong thing', () => {
  const yahoo = {
    id: 1,
    text:
      'Yahoo can accept a superior offer by paying a $144 million breakup fee to Verizon. ' +
      'If shareholders vote down the deal, there is a naked no-vote termination fee of $15 million payable to Verizon.',
  };
  const coal = {
    id: 1,
    text:
      "Wyoming alone produced 40 percent of the country's coal production in 2014. " +
      'That year, the entire Appalachian region mined 27 percent of U.S. coal.',
  };
  const check = (text: string, doc: StatementDocument) => verdict(text, [1], [doc]);

  it('fail a figure the source gives other words than those the sentence says it with', () => {
    expect(check('The naked no-vote termination fee is $144 million.', yahoo)).toMatchObject({
      verdict: 'unsupported',
      contradicted: ['$144 million (the source gives naked, vote, termination, fee $15 million)'],
    });
    expect(check('The naked no-vote termination fee is $15 million.', yahoo).verdict).toBe('supported');
    expect(check('Yahoo would pay Verizon a $144 million breakup fee to accept a superior offer.', yahoo).verdict).toBe('supported');
    expect(check('The Appalachian region mined 40 percent of U.S. coal in 2014.', coal).verdict).toBe('unsupported');
  });

  it('leave a figure only the title gives: there is no sentence of the text to compare', () => {
    const doc = {
      id: 1,
      title: 'Acme to buy Beta for $5 billion',
      text: 'Acme agreed to buy Beta Systems, paying $300 million in cash up front.',
    };
    expect(check('Acme agreed to buy Beta Systems for $5 billion.', doc).verdict).toBe('supported');
  });

  it('give each figure the words nearest to it, when a sentence states several', () => {
    const doc = {
      id: 1,
      text:
        'Wyoming produced 40 percent of the coal. Appalachian mines produced 27 percent of it. ' +
        'Mines in the Appalachian region employed 12 percent fewer miners.',
    };
    expect(check("Wyoming produced 40 percent of the coal, and the Appalachian region's mines produced 27 percent.", doc).verdict).toBe(
      'supported',
    );
  });

  it('count a name of several words as one of the words a figure is said with', () => {
    const doc = {
      id: 1,
      text: 'Acme hired 300 engineers last year. The New York Stock Exchange, where Acme listed, employs 500 people.',
    };
    expect(check('Acme, listed on the New York Stock Exchange, hired 300 engineers.', doc).verdict).toBe('supported');
  });

  it('read a source sentence with the one before it, where its pronouns are named', () => {
    const doc = {
      id: 1,
      text:
        'Trump said a contract with Boeing to build new planes would be too expensive. He estimated the price to be $4 billion. ' +
        'In 2009 the government canceled a Boeing contract for 28 new helicopters after cost projections soared to $13 billion.',
    };
    expect(check("Trump said Boeing's contract would cost $4 billion.", doc).verdict).toBe('supported');
  });
});

describe('normalisation', () => {
  it('ignores invisible characters, non-breaking spaces and curly apostrophes', () => {
    supported('Acme\u00a0Corp. said revenue rose 12\u200b%.');
    const doc = { id: 1, text: 'Conan O’Brien joined Acme in 2019.' };
    expect(verdict("Conan O'Brien joined Acme in 2019.", [1], [doc]).verdict).toBe('supported');
  });
});

describe('counts and the answer shown', () => {
  const statements: Statement[] = [
    { text: 'Acme revenue rose 12% to $1.2 billion.', cites: [1] },
    { text: 'Globex will cut 1,500 jobs.', cites: [2] },
    { text: 'Globex will cut 2,000 jobs.', cites: [2] },
    { text: 'Initech is hiring.', cites: [] },
    { text: 'Ask how they see the market.', cites: [] },
  ];

  it('counts the factual sentences and those sourced; failing ones are dropped, or shown in Wolfebot', () => {
    const dropped = checkStatements(docs, statements);
    expect(dropped.count).toEqual({ sourced: 2, total: 4, dropped: 2 });
    expect(statementCountLabel(dropped.count)).toBe('2 of 4 statements sourced · 2 dropped: not supported by its source');
    expect(dropped.statements.map((s) => s.verdict)).toEqual(['supported', 'supported', 'unsupported', 'uncited', 'not_factual']);
    const shown = checkStatements(docs, statements, { failing: 'show' });
    expect(shown.count).toEqual({ sourced: 2, total: 4, dropped: 0 });
    expect(statementCountLabel(shown.count)).toBe('2 of 4 statements sourced');
    expect(dropped.noEvidence).toBe(false);
  });

  it('rebuilds the answer without its failing sentences, markers, paragraphs and list items kept', () => {
    const marked =
      'Acme revenue rose 12% [1]. Globex will cut 2,000 jobs [2].\n\n- Globex will cut 1,500 jobs [2]. Ask how they see it.\n- Initech is hiring.';
    const check = checkStatements(docs, parseStatements(marked));
    expect(keptText(check)).toBe('Acme revenue rose 12% [1].\n\n- Globex will cut 1,500 jobs [2]. Ask how they see it.');
    expect(keptText(check, { markers: false })).toBe('Acme revenue rose 12%.\n\n- Globex will cut 1,500 jobs. Ask how they see it.');
    expect(markedSentence({ text: 'Roe said “we delivered.”', cites: [1, 3] })).toBe('Roe said “we delivered [1, 3].”');
  });

  it('says there is no supporting evidence instead of answering when facts were stated and none survives', () => {
    for (const answer of [[{ text: 'Globex will cut 2,000 jobs.', cites: [2] }], [{ text: 'Initech is hiring.', cites: [] }]]) {
      const check = checkStatements(docs, answer);
      expect(check.noEvidence).toBe(true);
      expect(keptText(check)).toBe(NO_SUPPORTING_EVIDENCE);
    }
  });

  it('keeps advice that states no fact as it is: nothing was refused', () => {
    const advice = checkStatements(docs, [{ text: 'Ask how they see the market.', cites: [] }]);
    expect(advice.noEvidence).toBe(false);
    expect(keptText(advice)).toBe('Ask how they see the market.');
    expect(checkStatements(docs, []).noEvidence).toBe(false);
  });
});

describe('documents', () => {
  it('are numbered as the prompt numbers them', () => {
    const retrieved = [
      { url: 'https://a.example/1', title: 'A', publisher: null, publishedAt: null, text: 'Acme grew.' },
      { url: 'https://b.example/2', title: 'B', publisher: null, publishedAt: null, text: 'Globex shrank.' },
    ];
    const block = documentsBlock(retrieved, 3);
    const numbered = numberedDocuments(retrieved, 3);
    for (const doc of numbered) expect(block).toContain(`[${doc.id}] URL: ${retrieved[doc.id - 3]!.url}`);
    expect(checkStatements(numbered, [{ text: 'Globex shrank.', cites: [4] }]).statements[0]!.verdict).toBe('supported');
  });

  it('has a rule for the model that uses the format the parser reads', () => {
    const example = CITATION_RULE.match(/"([^"]+\[1\]\.)"/)![1]!;
    expect(parseStatements(example)).toEqual([{ text: example.replace(' [1]', ''), cites: [1], paragraph: 0, line: 0 }]);
  });
});

describe('hostile sizes', () => {
  it('bounds the work: huge documents, thousands of sentences, a huge sentence, many citations', { timeout: 60_000 }, () => {
    const huge = { id: 1, text: `${'Acme Corp. revenue rose 12% to $1.2 billion in 2026. '.repeat(40_000)}Zed.` };
    const many = Array.from({ length: 5_000 }, (_, k) => ({
      text: `Acme Corp. revenue rose 12% to $1.2 billion in 2026 ${k}.`,
      cites: [1],
    }));
    const long = { text: `Acme ${'Corp. revenue rose 12% '.repeat(5_000)}`, cites: Array.from({ length: 10_000 }, (_, k) => k) };
    const started = performance.now();
    const check = checkStatements(
      [huge, ...Array.from({ length: 500 }, (_, k) => ({ id: k + 2, text: 'Acme. '.repeat(5_000) }))],
      [long, ...many],
    );
    // Bounded, not fast: a few seconds on a busy machine, where unbounded work would take minutes.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(check.statements[0]).toMatchObject({ verdict: 'unsupported', note: 'not checked: longer than 1000 characters' });
    expect(check.statements.at(-1)).toMatchObject({ verdict: 'unsupported', note: 'not checked: more than 300 statements' });
    // Past the document's size cap, its text is not read.
    expect(verdict('Zed is here.', [1], [huge]).verdict).toBe('unsupported');
  });

  it('parses a huge marked-up text within its cap', () => {
    const text = 'Acme grew 12% [1]. '.repeat(50_000);
    const parsed = parseStatements(text);
    expect(parsed.length).toBeLessThan(10_000);
    expect(parsed[0]).toEqual({ text: 'Acme grew 12%.', cites: [1], paragraph: 0, line: 0 });
  });
});

describe('the labelled evaluation set (tests/fixtures/statements, npm run measure:statements)', () => {
  it('keeps precision and recall at the level measured', { timeout: 120_000 }, () => {
    const e = evaluateStatements('main');
    expect(e.parseProblems).toEqual([]);
    // Measured 0.958 and 0.975; a regression fails here.
    expect(e.precision).toBeGreaterThanOrEqual(0.95);
    expect(e.recall).toBeGreaterThanOrEqual(0.965);
    // Changed names, numbers and dates, invented quotes and another article's facts are all caught.
    for (const error of ['name', 'number', 'date', 'quote', 'other_article']) {
      const [caught, total] = e.byError.get(error)!;
      expect(caught, error).toBe(total);
    }
    expect(e.notFactualKept[0]).toBe(e.notFactualKept[1]);
  });

  it('keeps the level measured on the sentences written after the check was settled', { timeout: 120_000 }, () => {
    const e = evaluateStatements('holdout');
    // Measured 0.789 and 1.000: a third of its errors keep every name, number and date (swap, relation).
    expect(e.precision).toBeGreaterThanOrEqual(0.78);
    expect(e.recall).toBeGreaterThanOrEqual(0.96);
    for (const error of ['name', 'number', 'quote']) {
      const [caught, total] = e.byError.get(error)!;
      expect(caught, error).toBe(total);
    }
  });
});
