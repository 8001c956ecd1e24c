import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { assertStrongPassword, STRENGTH_PREFIX, weakPasswordReasons } from './password-strength.ts';

describe('weakPasswordReasons', () => {
  it('refuses common and patterned passwords of the minimum length, saying why', () => {
    expect(weakPasswordReasons('123456')).toBe(
      'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
    );
    expect(weakPasswordReasons('aaaaaa')).toBe(
      'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
    );
    expect(weakPasswordReasons('p@ssw0rd1')).toContain('This is similar to a commonly used password.');
  });

  it("refuses a password made of the user's own name or e-mail", () => {
    expect(weakPasswordReasons('qwolbertzyn7')).toBeNull();
    expect(weakPasswordReasons('qwolbertzyn7', ['ada.qwolbertzyn@example.com', 'Ada', 'Qwolbertzyn'])).not.toBeNull();
  });

  it('accepts passwords that are not easy to guess', () => {
    for (const password of ['correct-horse-1', 'first-pass-1', 'ZebraLamp42']) expect(weakPasswordReasons(password), password).toBeNull();
  });

  it('estimates only the first STRENGTH_PREFIX characters (the cost grows with the length)', () => {
    const strongTail = 'Vq7#mZ2!kR9@xL4$tB8%';
    // What follows the prefix is not looked at: a repeated prefix stays weak whatever comes after it.
    expect(weakPasswordReasons('a'.repeat(STRENGTH_PREFIX) + strongTail)).toContain('Repeated characters');
    expect(weakPasswordReasons(strongTail + 'a'.repeat(STRENGTH_PREFIX))).toBeNull();
  });

  it('assertStrongPassword refuses with weak_password, the reasons as message and as the field error', () => {
    try {
      assertStrongPassword('123456');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect([e.code, e.title]).toEqual(['weak_password', 'Password too weak']);
      expect(e.fields).toEqual({ password: e.message });
    }
  });
});
