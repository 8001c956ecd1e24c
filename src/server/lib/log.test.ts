import { describe, expect, it } from 'vitest';
import { errorMessage, mask } from './log.ts';

describe('mask', () => {
  it('hides e-mail addresses', () => {
    const out = mask('sign-in failed for jane.doe+work@example.com today');
    expect(out).not.toContain('jane.doe+work@example.com');
    expect(out).not.toContain('example.com');
    expect(out).toContain('sign-in failed for');
    expect(out).toContain('today');
  });

  it('hides token, otp and password query parameters', () => {
    const out = mask('GET /reset-password?token=abc123XYZ&otp=654321&password=hunter22&page=2 200');
    expect(out).not.toContain('abc123XYZ');
    expect(out).not.toContain('654321');
    expect(out).not.toContain('hunter22');
    expect(out).toContain('token=***');
    expect(out).toContain('page=2');
  });

  it('hides bearer tokens', () => {
    const out = mask('Authorization: Bearer eyJhbGciOi.payload.sig');
    expect(out).not.toContain('eyJhbGciOi');
    expect(out).toMatch(/Bearer \*\*\*/);
  });

  it('hides long secrets', () => {
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    const out = mask(`secret is ${secret} here`);
    expect(out).not.toContain(secret);
    expect(out).toContain('here');
  });

  it('hides phone numbers', () => {
    const out = mask('call +1 (555) 123-4567 or 555.987.6543');
    expect(out).not.toContain('123-4567');
    expect(out).not.toContain('987.6543');
    expect(out).toContain('***phone***');
  });

  it('keeps IPv4 addresses, which look like phone numbers', () => {
    expect(mask('request to 127.0.0.1:42711/reuters/x failed')).toBe('request to 127.0.0.1:42711/reuters/x failed');
    expect(mask('resolves to 192.168.100.200')).toBe('resolves to 192.168.100.200');
    expect(mask('call +1 (555) 010-0100')).toBe('call ***phone***');
  });

  it('keeps dates and timestamps, which look like phone numbers', () => {
    const text = 'params: user-1,2026-11-24T23:08:56.692Z,2000 since 2026-11-24';
    expect(mask(text)).toBe(text);
  });

  it('errorMessage reads an error, a plain object with a message, any other object and a string', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'lost', code: 'x' })).toBe('lost');
    expect(errorMessage({ code: 'x' })).toBe('{"code":"x"}');
    expect(errorMessage('plain')).toBe('plain');
  });

  it('keeps ordinary text', () => {
    const text = 'POST /api/profile 200 12ms user updated the profile';
    expect(mask(text)).toBe(text);
  });
});
