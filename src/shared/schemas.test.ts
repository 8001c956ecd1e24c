import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { messages } from './messages.ts';
import { newPasswordSchema, optionalEmail, profileFormSchema, registrationSchema, safeRedirectPath, splitKeywords } from './schemas.ts';

describe('safeRedirectPath', () => {
  it('accepts a same-origin path with its query', () => {
    expect(safeRedirectPath('/sonar-os/news?x=1')).toBe('/sonar-os/news?x=1');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tjavascript',
    '',
    '/.//evil.example',
    '/%2e//evil.example',
    '/x/../\\evil.example',
    '/x/..//evil.example',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/homepage');
  });

  it('uses the given fallback for null, undefined and refusals', () => {
    expect(safeRedirectPath(null, '/login')).toBe('/login');
    expect(safeRedirectPath(undefined, '/login')).toBe('/login');
    expect(safeRedirectPath('//evil.example/x', '/login')).toBe('/login');
  });
});

const validRegistration = {
  token: 'tok',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'secret1',
  linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
  phone: '+1 (555) 123-4567',
};

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('registrationSchema', () => {
  it('accepts a full registration and lower-cases the e-mail', () => {
    const parsed = registrationSchema.parse(validRegistration);
    expect(parsed.email).toBe('ada@example.com');
  });

  it.each(Object.keys(validRegistration))('requires %s', (field) => {
    const result = registrationSchema.safeParse({ ...validRegistration, [field]: '' });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result))).toContain(field);
  });

  it('reports the missing-token message', () => {
    const result = registrationSchema.safeParse({ ...validRegistration, token: '' });
    expect(fieldErrors(result).token).toBe(messages.registration.missingToken);
  });

  it('requires a password of at least 6 characters', () => {
    const result = registrationSchema.safeParse({ ...validRegistration, password: 'abc12' });
    expect(fieldErrors(result).password).toBe(messages.passwords.tooShort);
    expect(registrationSchema.safeParse({ ...validRegistration, password: 'abc123' }).success).toBe(true);
  });

  it('requires the LinkedIn profile to be a URL', () => {
    for (const bad of ['linkedin.com/in/ada', 'not a url', 'javascript:alert(1)']) {
      const result = registrationSchema.safeParse({ ...validRegistration, linkedinProfileUrl: bad });
      expect(result.success, bad).toBe(false);
      expect(fieldErrors(result).linkedinProfileUrl).toBeDefined();
    }
  });

  it('checks the phone format', () => {
    for (const bad of ['call me', '12', '555-CALL-NOW']) {
      const result = registrationSchema.safeParse({ ...validRegistration, phone: bad });
      expect(result.success, bad).toBe(false);
      expect(fieldErrors(result).phone).toBe('Enter a valid phone number');
    }
    expect(registrationSchema.safeParse({ ...validRegistration, phone: '555.123.4567' }).success).toBe(true);
  });
});

describe('newPasswordSchema', () => {
  it('accepts matching passwords', () => {
    expect(newPasswordSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success).toBe(true);
  });

  it('reports a mismatch on confirmPassword', () => {
    const result = newPasswordSchema.safeParse({ password: 'secret1', confirmPassword: 'secret2' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result).confirmPassword).toBe(messages.passwords.mismatch);
  });

  it('requires both fields', () => {
    const result = newPasswordSchema.safeParse({ password: '', confirmPassword: '' });
    const errors = fieldErrors(result);
    expect(errors.password).toBe(messages.passwords.required);
    expect(errors.confirmPassword).toBe(messages.passwords.required);
  });
});

const validProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
  phone: '+1 555 123 4567',
  jobTitle: 'AE',
  companyName: 'Acme',
  solutionType: 'SaaS',
  solutionDescription: 'Analytics',
  targetIndustries: 'Banking, , Insurance ,Retail,',
  primaryValueProp: 'Faster insight',
  alertsEmail: '',
};

describe('profileFormSchema', () => {
  it('splits target industries on commas and drops blanks', () => {
    expect(profileFormSchema.parse(validProfile).targetIndustries).toEqual(['Banking', 'Insurance', 'Retail']);
  });

  it('refuses target industries made only of commas and blanks', () => {
    expect(profileFormSchema.safeParse({ ...validProfile, targetIndustries: ' , ,' }).success).toBe(false);
  });

  it('makes an empty alerts e-mail null', () => {
    expect(profileFormSchema.parse(validProfile).alertsEmail).toBeNull();
    expect(profileFormSchema.parse({ ...validProfile, alertsEmail: '   ' }).alertsEmail).toBeNull();
  });

  it('requires a valid alerts e-mail when one is given', () => {
    expect(profileFormSchema.parse({ ...validProfile, alertsEmail: 'Alerts@Example.com' }).alertsEmail).toBe('alerts@example.com');
    const result = profileFormSchema.safeParse({ ...validProfile, alertsEmail: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result).alertsEmail).toBe('Enter a valid e-mail address');
  });

  it.each([
    'firstName',
    'lastName',
    'linkedinProfileUrl',
    'phone',
    'jobTitle',
    'companyName',
    'solutionType',
    'solutionDescription',
    'targetIndustries',
    'primaryValueProp',
  ])('requires %s', (field) => {
    const result = profileFormSchema.safeParse({ ...validProfile, [field]: '' });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result))).toContain(field);
  });
});

describe('splitKeywords', () => {
  it('splits on commas, trims, drops blanks', () => {
    expect(splitKeywords(' a ,b,, ,c d ')).toEqual(['a', 'b', 'c d']);
    expect(splitKeywords('')).toEqual([]);
  });
});

describe('optionalEmail', () => {
  it('is null when blank, lowercased when given, refused when not an address', () => {
    expect(z.parse(optionalEmail, '  ')).toBeNull();
    expect(z.parse(optionalEmail, null)).toBeNull();
    expect(z.parse(optionalEmail, ' Ada@Example.COM ')).toBe('ada@example.com');
    expect(z.safeParse(optionalEmail, 'not-an-address').success).toBe(false);
    expect(z.safeParse(optionalEmail, `${'a'.repeat(250)}@example.com`).success).toBe(false);
  });
});
