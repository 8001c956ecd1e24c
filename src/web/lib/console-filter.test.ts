import { describe, expect, it, vi } from 'vitest';
import { installConsoleFilter, maskSensitive } from './console-filter.ts';

describe('maskSensitive', () => {
  it('masks e-mails, token parameters, JWTs, long secrets and phone numbers', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
    const out = maskSensitive(
      `user jane@example.com /reset?token=abc123&x=1 ${jwt} key ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef012345 phone +1 (555) 123-4567`,
    ) as string;
    expect(out).not.toContain('jane@example.com');
    expect(out).toContain('[email]');
    expect(out).toContain('token=[token]');
    expect(out).not.toContain('abc123');
    expect(out).not.toContain(jwt);
    expect(out).not.toContain('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef012345');
    expect(out).not.toContain('123-4567');
    expect(out).toContain('[phone]');
    expect(out).toContain('x=1');
  });

  it('keeps ordinary text and non-string values', () => {
    expect(maskSensitive('Failed to load profile')).toBe('Failed to load profile');
    expect(maskSensitive(42)).toBe(42);
    const obj = { a: 1 };
    expect(maskSensitive(obj)).toBe(obj);
  });

  it('masks the message of an Error and keeps its name', () => {
    const err = new TypeError('no user bob@example.com');
    const masked = maskSensitive(err) as Error;
    expect(masked).toBeInstanceOf(Error);
    expect(masked.name).toBe('TypeError');
    expect(masked.message).toBe('no user [email]');
  });
});

describe('installConsoleFilter', () => {
  function fakeConsole() {
    return { log: vi.fn(), debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  }

  it('silences log, debug and info', () => {
    const target = fakeConsole();
    const { log, debug, info } = target;
    installConsoleFilter(target as unknown as Console);
    target.log('a');
    target.debug('b');
    target.info('c');
    expect(log).not.toHaveBeenCalled();
    expect(debug).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it('passes masked arguments to error and warn', () => {
    const target = fakeConsole();
    const { error, warn } = target;
    installConsoleFilter(target as unknown as Console);
    target.error('failed for jane@example.com', 7);
    target.warn('retry token=secretvalue');
    expect(error).toHaveBeenCalledWith('failed for [email]', 7);
    expect(warn).toHaveBeenCalledWith('retry token=[token]');
  });
});
