import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AIR_SOLUTION_MAX_CHARS, AIR_WEBSITE_MAX_CHARS, airMessages, airRequestSchema, normaliseWebsite, solutionLength } from './air.ts';

const SOLUTION = 'Warehouse orchestration software for Supply Chain Operations.';

/** Each field's first message, as the API reports it ('_' for the object itself). */
const errorsOf = (value: unknown) => {
  const parsed = z.safeParse(airRequestSchema, value);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return errors;
};

describe('normaliseWebsite', () => {
  it('makes the https address of the home page from what was typed', () => {
    expect(normaliseWebsite('acme.com')).toBe('https://acme.com/');
    expect(normaliseWebsite('www.acme.com/about?x')).toBe('https://www.acme.com/');
    expect(normaliseWebsite('  acme.com  ')).toBe('https://acme.com/');
    expect(normaliseWebsite('acme.co.uk/team#board')).toBe('https://acme.co.uk/');
  });

  it('keeps an explicit scheme and port', () => {
    expect(normaliseWebsite('https://acme.com:8443/')).toBe('https://acme.com:8443/');
    expect(normaliseWebsite('http://acme.com')).toBe('http://acme.com/');
    expect(normaliseWebsite('https://acme.com:443/')).toBe('https://acme.com/');
  });

  it('accepts an IP address (local test sites use one)', () => {
    expect(normaliseWebsite('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/');
    expect(normaliseWebsite('http://[::1]:3000/x')).toBe('http://[::1]:3000/');
  });

  it('lower-cases scheme and host', () => {
    expect(normaliseWebsite('HTTPS://WWW.ACME.COM/About')).toBe('https://www.acme.com/');
    expect(normaliseWebsite('ACME.COM')).toBe('https://acme.com/');
  });

  it('refuses blanks and spaces inside the address', () => {
    expect(normaliseWebsite('')).toBeNull();
    expect(normaliseWebsite('   ')).toBeNull();
    expect(normaliseWebsite('acme .com')).toBeNull();
    expect(normaliseWebsite('acme.com/about us')).toBeNull();
    expect(normaliseWebsite('not a site')).toBeNull();
  });

  it('refuses other schemes', () => {
    expect(normaliseWebsite('javascript:alert(1)')).toBeNull();
    expect(normaliseWebsite('JavaScript://acme.com/%0Aalert(1)')).toBeNull();
    expect(normaliseWebsite('ftp://x.com')).toBeNull();
    expect(normaliseWebsite('file:///etc/passwd')).toBeNull();
    expect(normaliseWebsite('data:text/html,<b>x</b>')).toBeNull();
    expect(normaliseWebsite('mailto:ceo@acme.com')).toBeNull();
  });

  it('refuses a host without a dotted name', () => {
    expect(normaliseWebsite('localhost')).toBeNull();
    expect(normaliseWebsite('http://localhost:3000')).toBeNull();
    expect(normaliseWebsite('acme')).toBeNull();
    expect(normaliseWebsite('acme.c')).toBeNull();
    expect(normaliseWebsite('acme.123')).toBeNull();
    expect(normaliseWebsite('acme..com')).toBeNull();
    expect(normaliseWebsite('acme.com:99999')).toBeNull();
  });

  it('refuses credentials in the address', () => {
    expect(normaliseWebsite('user:pass@acme.com')).toBeNull();
    expect(normaliseWebsite('https://user@acme.com/')).toBeNull();
    expect(normaliseWebsite('https://acme.com@evil.example/')).toBeNull();
  });
});

describe('solutionLength', () => {
  it('does not count surrounding spaces', () => {
    expect(solutionLength('  abc \n')).toBe(3);
  });
});

describe('airRequestSchema', () => {
  it('normalises the website and trims the solution', () => {
    expect(z.parse(airRequestSchema, { website: ' www.Acme.com/about?x ', solution: `  ${SOLUTION}\n` })).toEqual({
      website: 'https://www.acme.com/',
      solution: SOLUTION,
    });
  });

  it('requires a website, with the exact message first', () => {
    expect(errorsOf({ website: '', solution: SOLUTION })).toEqual({ website: airMessages.websiteRequired });
    expect(errorsOf({ website: '   ', solution: SOLUTION })).toEqual({ website: airMessages.websiteRequired });
    expect(airMessages.websiteRequired).toBe('Company Website is required');
  });

  it('refuses what is not a web address, with the exact message', () => {
    for (const website of ['javascript:alert(1)', 'ftp://x.com', 'localhost', 'acme', 'user:pass@acme.com', 'acme .com']) {
      expect(errorsOf({ website, solution: SOLUTION }), website).toEqual({ website: airMessages.websiteInvalid });
    }
    expect(airMessages.websiteInvalid).toBe('Enter the company website as a web address, e.g. https://www.example.com');
  });

  it('refuses a website longer than its limit', () => {
    const path = (n: number) => `acme.com/${'a'.repeat(n - 'acme.com/'.length)}`;
    expect(errorsOf({ website: path(AIR_WEBSITE_MAX_CHARS), solution: SOLUTION })).toEqual({});
    expect(errorsOf({ website: path(AIR_WEBSITE_MAX_CHARS + 1), solution: SOLUTION })).toEqual({ website: airMessages.websiteInvalid });
    // Surrounding spaces do not count.
    expect(errorsOf({ website: `  ${path(AIR_WEBSITE_MAX_CHARS)}  `, solution: SOLUTION })).toEqual({});
  });

  it('needs 30 characters of solution, not counting surrounding spaces', () => {
    expect(errorsOf({ website: 'acme.com', solution: `  ${'x'.repeat(30)}  ` })).toEqual({});
    expect(z.parse(airRequestSchema, { website: 'acme.com', solution: `  ${'x'.repeat(30)}  ` }).solution).toBe('x'.repeat(30));
    expect(errorsOf({ website: 'acme.com', solution: `  ${'x'.repeat(29)}  ` })).toEqual({ solution: airMessages.solutionTooShort });
    expect(errorsOf({ website: 'acme.com', solution: '' })).toEqual({ solution: airMessages.solutionTooShort });
    expect(airMessages.solutionTooShort).toBe('Describe your solution and buying centers in at least 30 characters');
  });

  it('limits the solution to 4000 characters', () => {
    expect(errorsOf({ website: 'acme.com', solution: 'x'.repeat(AIR_SOLUTION_MAX_CHARS) })).toEqual({});
    expect(errorsOf({ website: 'acme.com', solution: ` ${'x'.repeat(AIR_SOLUTION_MAX_CHARS)} ` })).toEqual({});
    expect(errorsOf({ website: 'acme.com', solution: 'x'.repeat(AIR_SOLUTION_MAX_CHARS + 1) })).toEqual({
      solution: airMessages.solutionTooLong,
    });
    expect(airMessages.solutionTooLong).toBe('Keep the solution text to at most 4000 characters');
  });

  it('reports both fields at once and refuses what is not a string', () => {
    expect(errorsOf({ website: 'acme', solution: 'short' })).toEqual({
      website: airMessages.websiteInvalid,
      solution: airMessages.solutionTooShort,
    });
    expect(Object.keys(errorsOf({}))).toEqual(['website', 'solution']);
    expect(Object.keys(errorsOf({ website: 42, solution: ['x'.repeat(40)] }))).toEqual(['website', 'solution']);
  });

  it('states the hint the form shows under 30 characters', () => {
    expect(airMessages.beThorough).toBe('IMPORTANT: be thorough to receive an accurate prospect list');
  });
});

describe('normaliseWebsite, what a review found', () => {
  it('refuses a bare number (URL would read it as an IPv4 address) and a label starting with a hyphen', () => {
    expect(normaliseWebsite('12345')).toBeNull();
    expect(normaliseWebsite('https://12345')).toBeNull();
    expect(normaliseWebsite('-acme.com')).toBeNull();
    expect(normaliseWebsite('acme-robotics.com')).toBe('https://acme-robotics.com/');
  });
});
