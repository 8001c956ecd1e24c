// The wiring of the statement check in each kind of output (issue 27 §4), on one labelled fixture
// per kind (five for the newsletter, whose sections list several articles): of the fixtures' sentences, those the bare checker judges as labelled, so that a kind
// whose adapter counts and shows exactly what the check decided must report the labels' counts.
// A kind that loses a sentence, counts one twice, cites the wrong document or shows a failing
// sentence does not.
import { describe, expect, it } from 'vitest';
import { checkStatements, numberedDocuments } from '../src/server/ai/statements.ts';
import { KINDS, type LabelledFile, loadFiles, measureSourced, pagesOf } from './measure-sourced.ts';

const FIXTURES_OF: Record<string, string[]> = {
  'news alert': ['bbc-obama.json'],
  // A digest section lists five articles (one whose articles are all dropped goes, its summary with it).
  newsletter: ['cnbc-coal.json', 'wapo-tunisia.json', 'nyt-yahoo.json', 'bbc-obama.json', 'scmp-tsai-lam.json'],
  'earnings summary': ['seattletimes-wholefoods.json'],
  'AIR report': ['reuters-parasite.json'],
  'research: company news': ['nyt-yahoo.json'],
  'research: industry trends': ['telegraph-zimbabwe.json'],
  'research: earnings analysis': ['cnn-birth-lottery.json'],
  // Sentences that cite several pages.
  'Wolfebot answer': ['multi-document.json'],
};

/** The file's sentences the bare checker judges as they are labelled. */
function judgedAsLabelled(file: LabelledFile): LabelledFile {
  // The file's pages, numbered as when it is alone (the measure numbers them again for its outputs).
  const { names, documents } = pagesOf([file]);
  const check = checkStatements(
    numberedDocuments(documents),
    file.statements.map((s) => ({
      text: s.text,
      cites: s.label === 'not_factual' ? [] : (s.cites ?? [file.article]).map((name) => names.indexOf(name) + 1),
    })),
  );
  const verdicts = { supported: ['supported'], unsupported: ['unsupported', 'uncited'], not_factual: ['not_factual'] };
  return { ...file, statements: file.statements.filter((s, k) => verdicts[s.label].includes(check.statements[k]!.verdict)) };
}

describe('measure:sourced, each kind on one labelled fixture', () => {
  const files = loadFiles('main');
  it('has a fixture for every kind', () => {
    expect(KINDS.map((k) => k.name).sort()).toEqual(Object.keys(FIXTURES_OF).sort());
  });

  for (const kind of KINDS) {
    it(`${kind.name}: counts and shows what the labels say`, async () => {
      const fixtures = files.filter((f) => FIXTURES_OF[kind.name]!.includes(f.file)).map(judgedAsLabelled);
      const statements = fixtures.flatMap((f) => f.statements);
      const supported = statements.filter((s) => s.label === 'supported').length;
      const unsupported = statements.filter((s) => s.label === 'unsupported').length;
      // Enough of both for the test to mean something.
      expect(supported).toBeGreaterThanOrEqual(8);
      expect(unsupported).toBeGreaterThanOrEqual(8);

      const [result] = await measureSourced(fixtures, [kind]);
      expect(result!.count).toEqual({
        total: supported + unsupported,
        sourced: supported,
        // Wolfebot shows a failing sentence greyed instead of dropping it.
        dropped: kind.name === 'Wolfebot answer' ? 0 : unsupported,
      });
      expect(result!.outputs).toBeGreaterThan(1);
      expect(result!.withheld).toBe(0);
      // Advice (not factual) is not counted here: the e-mails leave it out with a part none of whose facts holds.
      expect([result!.shownSupported, result!.shownUnsupported]).toEqual([supported, 0]);
    });
  }
});
