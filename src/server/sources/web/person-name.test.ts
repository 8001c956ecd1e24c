import { describe, expect, it } from 'vitest';
import { firstPerPerson, isCredential, personKey, personNameRule } from './person-name.ts';

const personName = personNameRule(new Set(['board', 'directors', 'officer', 'chief', 'executive', 'corp']));

describe('personNameRule', () => {
  it('gives the name as written, without honorific, degrees or pronouns, with its generational suffix', () => {
    expect(personName('Dr. Ken Oduya')).toBe('Ken Oduya');
    expect(personName('Sir Ian Blair')).toBe('Ian Blair');
    expect(personName('Miss Ada Lowe')).toBe('Ada Lowe');
    expect(personName('Sarah Kim, PhD, MBA')).toBe('Sarah Kim');
    expect(personName('Jane Doe, Ph.D.')).toBe('Jane Doe');
    expect(personName("Siobhán O'Neill (she/her)")).toBe("Siobhán O'Neill");
    expect(personName('John A. Smith, Jr.')).toBe('John A. Smith, Jr.');
    expect(personName('J. Robert McAllister Jr.')).toBe('J. Robert McAllister Jr.');
    expect(personName('Theodore Banks III')).toBe('Theodore Banks III');
  });

  it('takes the name words of many languages, initials and particles between', () => {
    for (const name of [
      'Mary Ann van der Berg',
      'Paul de la Cruz',
      'Samuel O’Connor-Reyes',
      'DeAndre McDonald',
      'Lucía Fernández',
      'J.R. Ewing',
      'John A Smith',
      'Rosa M. Delgado-Park',
    ])
      expect(personName(name)).toBe(name);
  });

  it('refuses one word, five names, particles at the ends, abbreviations, sentences and the source’s words that are not names', () => {
    for (const notAName of [
      'Raman',
      'Smith Jr.',
      'Ana Maria Lucia Souza Lima',
      'van Berg',
      'Paul de',
      'Raman, Priya',
      'N.Y.C. Events',
      'PRIYA RAMAN',
      'Priya Raman:',
      'Board of Directors',
      'Chief Executive Officer',
      'Initech Corp',
      'Call 555 0100',
      'Priya & Tom',
      'a lowercase name',
    ])
      expect(personName(notAName), notAName).toBeNull();
  });

  it('reads another source’s text with that source’s noise words only', () => {
    expect(personNameRule(new Set(['meet']))('Meet Priya')).toBeNull();
    expect(personName('Meet Priya')).toBe('Meet Priya');
  });

  it('knows a credential standing alone', () => {
    expect(isCredential(' PhD ')).toBe(true);
    expect(isCredential('M.B.A.')).toBe(true);
    expect(isCredential('CEO')).toBe(false);
  });
});

describe('personKey and firstPerPerson', () => {
  it('is one key for one person written with or without accents, case, hyphens or spaces', () => {
    expect(personKey('Tomás Ibarra')).toBe(personKey('tomas ibarra'));
    expect(personKey('Jean-Luc Martin')).toBe(personKey('Jean Luc Martin'));
    expect(personKey("Siobhán O'Neill")).toBe(personKey('Siobhan O’Neill'));
    expect(personKey('Priya Raman')).not.toBe(personKey('Priya Rama'));
  });

  it('keeps the first entry for each person, in order', () => {
    const people = [
      { name: 'Tomás Ibarra', from: 'site' },
      { name: 'Ana Souza', from: 'site' },
      { name: 'Tomas Ibarra', from: 'filing' },
    ];
    expect(firstPerPerson(people)).toEqual([people[0], people[1]]);
  });
});
