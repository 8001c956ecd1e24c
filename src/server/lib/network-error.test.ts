import { describe, expect, it } from 'vitest';
import { connectionFailure } from './network-error.ts';

describe('connectionFailure', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('names a refused connection wherever the code is', () => {
    expect(connectionFailure(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('connection refused');
    // nodemailer: code ESOCKET, the system's code only in the message
    expect(connectionFailure(withCode('connect ECONNREFUSED 127.0.0.1:25', 'ESOCKET'))).toBe('connection refused');
    // Node tries IPv6 and IPv4 and throws both
    expect(connectionFailure(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''))).toBe(
      'connection refused',
    );
    expect(connectionFailure(new Error('wrapped', { cause: withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND') }))).toBe('host not found');
    expect(connectionFailure(new Error('timeout exceeded when trying to connect'))).toBe('timed out');
  });

  it('is undefined for an error that is not about connecting', () => {
    expect(connectionFailure(withCode('Invalid login: 535 Authentication failed', 'EAUTH'))).toBeUndefined();
    expect(connectionFailure('a string')).toBeUndefined();
  });
});
