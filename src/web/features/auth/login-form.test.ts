import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { loginSchema } from '../../../shared/schemas.ts';
import { validate } from '../../lib/form.ts';
import { EMAIL_PATTERN, validateLogin } from './login-form.ts';

describe('the sign-in form check without zod', () => {
  it('uses the e-mail pattern z.email() checks', () => {
    // The same pattern, written without zod's needless `\-` escapes at the ends of its classes.
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-]', '-]'));
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  const emails = [
    '',
    '   ',
    'ada@example.com',
    '  Ada.Lovelace@Example.COM  ',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    'a..b@example.com',
    '.ada@example.com',
    "o'brien+tag@mail.example.org",
    'ada@-example.com',
    'ada @example.com',
    'ÄDA@example.com',
  ];
  const passwords = ['', ' ', 'x', '  secret  '];

  it.each(emails.flatMap((email) => passwords.map((password) => [email, password] as const)))(
    'answers %j / %j as loginSchema does',
    (email, password) => {
      expect(validateLogin({ email, password })).toEqual(validate(loginSchema, { email, password }));
    },
  );
});
