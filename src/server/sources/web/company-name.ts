// One company-name identity for every source: "Apple Inc." and "apple" are the same company; so are
// "AT&T Inc" and "at and t". EDGAR's titles, Hacker News stories and the user's own spelling are
// compared in this form.
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'cos',
  'companies',
  'ltd',
  'limited',
  'plc',
  'llc',
  'lp',
  'llp',
  'holdings',
  'holding',
  'group',
  'sa',
  'ag',
  'nv',
  'se',
  'the',
  'de',
  'new',
  'com',
]);

export function normaliseCompanyName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // "S.A." becomes "sa"; other dots separate words ("Amazon.com" → "amazon com").
    .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  // EDGAR titles carry a state after a slash ("... /DE/"), already split into words above. A
  // suffix after "&" leaves the "and" behind: "JPMORGAN CHASE & CO" is "jpmorgan chase".
  while (words.length > 1 && (LEGAL_SUFFIXES.has(words.at(-1)!) || words.at(-1) === 'and')) words.pop();
  return words.join(' ');
}
