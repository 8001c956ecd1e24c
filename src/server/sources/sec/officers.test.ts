import { describe, expect, it } from 'vitest';
import { executiveOfficers, leadingTitle, officerChanges, personName, sentences } from './officers.ts';

describe('executiveOfficers', () => {
  // The shape of a Workiva 10-K (most of EDGAR's): every cell a <div><span>, spacer cells between,
  // the heading also in the table of contents, biographies after the table, the signatures at the end.
  const cell = (text: string) =>
    `<td colspan="3" style="padding:2px 1pt;vertical-align:bottom"><div><span style="font-family:'Arial',sans-serif;font-size:8pt">${text}</span></div></td><td style="width:1%"></td>`;
  const row = (...cells: string[]) => `<tr>${cells.map(cell).join('')}</tr>`;
  const para = (text: string) => `<div style="margin-top:6pt"><span style="font-size:10pt">${text}</span></div>`;
  const workiva = [
    '<html><head><title>fabr-20250630</title></head><body>',
    `<table>${row('Item 1A.', 'Risk Factors', '21')}${row('', 'Information About Our Executive Officers', '19')}${row('PART II', '', '')}</table>`,
    para('ITEM 1. BUSINESS'),
    para('Fabrikam designs, licenses and supports software.'),
    para('INFORMATION ABOUT OUR EXECUTIVE OFFICERS'),
    para('Our executive officers as of July 30, 2025 were as follows:'),
    '<table>',
    row('<b>Name</b>', '<b>Age</b>', '<b>Position with the Company</b>'),
    row('Avery J. Lindqvist', '56', 'Chairman and Chief Executive Officer'),
    row('Rosa M. Delgado-Park', '51', 'Executive Vice President and Chief Commercial Officer'),
    row('Theodore Banks III', '58', 'Executive Vice President, Chief Financial Officer'),
    row('Nkechi Obi', '47', 'Executive Vice President, General Counsel and Corporate Secretary'),
    row('Paul de la Cruz', '62', 'Corporate Vice President and Chief Accounting Officer'),
    '</table>',
    para(
      'Mr. Lindqvist was appointed Chairman of the Board in June 2021 and Chief Executive Officer in February 2014. He served as Executive Vice President, Cloud from 2011 to 2014.',
    ),
    para('Ms. Delgado-Park was appointed Executive Vice President and Chief Commercial Officer in July 2021.'),
    para('ITEM 1A. RISK FACTORS'),
    para('Our future growth depends on our ability to transform our business.'),
    para('SIGNATURES'),
    `<table>${row('/s/ Avery J. Lindqvist', 'Chairman and Chief Executive Officer')}${row('/s/ Morgan Hale', 'Lead Independent Director')}</table>`,
    '</body></html>',
  ].join('\n');

  it('reads the table of a Workiva 10-K, not its table of contents, biographies or signatures', () => {
    const section = executiveOfficers(workiva);
    expect(section?.heading).toBe('INFORMATION ABOUT OUR EXECUTIVE OFFICERS');
    expect(section?.people).toEqual([
      {
        name: 'Avery J. Lindqvist',
        title: 'Chairman and Chief Executive Officer',
        context: 'Avery J. Lindqvist | 56 | Chairman and Chief Executive Officer',
      },
      {
        name: 'Rosa M. Delgado-Park',
        title: 'Executive Vice President and Chief Commercial Officer',
        context: 'Rosa M. Delgado-Park | 51 | Executive Vice President and Chief Commercial Officer',
      },
      {
        name: 'Theodore Banks III',
        title: 'Executive Vice President, Chief Financial Officer',
        context: 'Theodore Banks III | 58 | Executive Vice President, Chief Financial Officer',
      },
      {
        name: 'Nkechi Obi',
        title: 'Executive Vice President, General Counsel and Corporate Secretary',
        context: 'Nkechi Obi | 47 | Executive Vice President, General Counsel and Corporate Secretary',
      },
      {
        name: 'Paul de la Cruz',
        title: 'Corporate Vice President and Chief Accounting Officer',
        context: 'Paul de la Cruz | 62 | Corporate Vice President and Chief Accounting Officer',
      },
    ]);
    expect(section?.text).not.toMatch(/Risk Factors|transform our business|Morgan Hale/);
  });

  it('reads the plain-text table of an older filing and the "Name, age, has served as" biographies', () => {
    const text = executiveOfficers(`<pre>
PART I
ITEM 4A. EXECUTIVE OFFICERS OF THE REGISTRANT

Name                    Age    Position
John A. Smith, Jr.      61     President and Chief Executive Officer
Mary O'Neil             49     Vice President, Finance and Treasurer

PART II
</pre>`);
    expect(text?.people.map((p) => [p.name, p.title])).toEqual([
      ['John A. Smith, Jr.', 'President and Chief Executive Officer'],
      ["Mary O'Neil", 'Vice President, Finance and Treasurer'],
    ]);
    const bios = executiveOfficers(
      `<p><b>Executive Officers of the Company</b></p><p>Jane Q. Public, 58, has served as our Chief Financial Officer since 2019. Before joining us, Ms. Public was a partner at Deloitte.</p><p>Omar Haddad, age 45, has been our Senior Vice President, Operations since March 2022.</p><p>Item 5. Market for the Registrant's Common Equity</p>`,
    );
    expect(bios?.people.map((p) => [p.name, p.title, p.context])).toEqual([
      ['Jane Q. Public', 'Chief Financial Officer', 'Jane Q. Public, 58, has served as our Chief Financial Officer since 2019.'],
      [
        'Omar Haddad',
        'Senior Vice President, Operations',
        'Omar Haddad, age 45, has been our Senior Vice President, Operations since March 2022.',
      ],
    ]);
  });

  it('names nobody when the 10-K refers to the proxy statement, or has no such section', () => {
    const byReference = executiveOfficers(
      '<p>Information About Our Executive Officers</p><p>The information required by this item is incorporated by reference to our Proxy Statement for the 2026 Annual Meeting of Stockholders.</p><p>PART II</p>',
    );
    expect(byReference?.people).toEqual([]);
    expect(executiveOfficers('<p>Item 1. Business</p><p>We make widgets. Our Chief Executive Officer is Ann Lee.</p>')).toBeNull();
  });
});

describe('officerChanges', () => {
  const eightK = (...paragraphs: string[]) =>
    [
      'FORM 8-K',
      'Item 5.02 Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers.',
      ...paragraphs,
      'Item 9.01 Financial Statements and Exhibits.',
      'By: /s/ Helen Marsh Helen Marsh Executive Vice President, General Counsel and Secretary',
    ].join('\n');

  it('finds appointments in the ways 8-Ks word them, with the sentence', () => {
    const changes = officerChanges(
      eightK(
        'On March 3, 2026, the Board of Directors of Contoso Ltd. (the “Company”) appointed Wei Zhang as the Company’s Chief Financial Officer, effective April 1, 2026.',
        'Effective May 1, 2026, Carlos Mendes, 52, was named Executive Vice President and Chief Operating Officer.',
        'The Company also announced the appointment of Dr. Amara Nwosu as Chief Medical Officer.',
        'Ms. Zhang, 44, has served as Chief Financial Officer of Fabrikam, Inc. since 2019.',
        'The Board elected Robert King as a Class II director.',
      ),
    );
    expect(changes.map((c) => [c.name, c.title, c.change])).toEqual([
      ['Wei Zhang', 'Chief Financial Officer', 'appointed'],
      ['Carlos Mendes', 'Executive Vice President and Chief Operating Officer', 'appointed'],
      ['Amara Nwosu', 'Chief Medical Officer', 'appointed'],
    ]);
    expect(changes[1]!.context).toBe(
      'Effective May 1, 2026, Carlos Mendes, 52, was named Executive Vice President and Chief Operating Officer.',
    );
  });

  it('finds departures, with the office from the appositive or after "as"', () => {
    const changes = officerChanges(
      eightK(
        'On January 12, 2026, Peter Vance, the Company’s Chief Technology Officer, informed the Company of his intention to resign, effective February 27, 2026.',
        'Laura Chen notified the Board of her decision to retire as Senior Vice President, Human Resources of the Company, effective June 30, 2026.',
        'Ms. Chen’s decision was not the result of any disagreement with the Company.',
      ),
    );
    expect(changes.map((c) => [c.name, c.title, c.change])).toEqual([
      ['Peter Vance', 'Chief Technology Officer', 'departing'],
      ['Laura Chen', 'Senior Vice President, Human Resources', 'departing'],
    ]);
  });
});

describe('names, titles, sentences', () => {
  it('takes a person’s name as written and refuses titles, companies and surnames alone', () => {
    expect(personName('Ms. Priya Raman')).toBe('Priya Raman');
    expect(personName('John A. Smith, Jr.')).toBe('John A. Smith, Jr.');
    expect(personName('Samuel O’Connor-Reyes')).toBe('Samuel O’Connor-Reyes');
    expect(personName('Jane Doe, Ph.D.')).toBe('Jane Doe');
    expect(personName('J. Michael Brown')).toBe('J. Michael Brown');
    for (const notAPerson of [
      'Chief Executive Officer',
      'Initech Systems',
      'Board of Directors',
      'Raman',
      'Veridian Cloud Corp.',
      'Name Age Position',
      'PART II',
    ])
      expect(personName(notAPerson)).toBeNull();
  });

  it('reads names by the kit’s shape: a place, a list, a heading in capitals or an abbreviation is no one', () => {
    for (const notAPerson of [
      'Austin, TX',
      'Capaccio, Mike',
      'XBRL TAXONOMY EXTENSION',
      'BBC News',
      'U.S. Markets',
      'Morgan Stanley L.P. Fund',
    ])
      expect(personName(notAPerson), notAPerson).toBeNull();
  });

  it('cuts the title where the sentence goes on', () => {
    expect(leadingTitle('Chief Revenue Officer of the Company, effective October 1, 2026.')).toBe('Chief Revenue Officer');
    expect(leadingTitle('our President and Chief Executive Officer since January 2021 and as a member of our Board')).toBe(
      'President and Chief Executive Officer',
    );
    expect(leadingTitle('a Class II director, effective immediately.')).toBeNull();
  });

  it('splits sentences but not after Inc., Ms. or an initial', () => {
    expect(sentences('Initech Systems, Inc. (the “Company”) appointed Ms. Kowalczyk. John A. Smith retired. Done')).toEqual([
      'Initech Systems, Inc. (the “Company”) appointed Ms. Kowalczyk.',
      'John A. Smith retired.',
      'Done',
    ]);
  });
});
