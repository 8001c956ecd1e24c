// How a failed AI request is answered: the route's last word on an error from the run or the work.
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../lib/app-error.ts';
import { setLogLevel } from '../lib/log.ts';
import { aiRequestError } from './runner.ts';

setLogLevel('error');
const live = new AbortController().signal;

describe('aiRequestError', () => {
  it('answers our own errors as they are', () => {
    const refusal = new AppError('ai_user_limit', 'You have used your 3 AI requests for this hour.');
    expect(aiRequestError(refusal, live, 'trends')).toBe(refusal);
  });

  it('answers a caller that went away as cancelled', () => {
    const gone = new AbortController();
    gone.abort();
    expect(aiRequestError(new Error('This operation was aborted'), gone.signal, 'trends').code).toBe('cancelled');
  });

  it('answers a database out of reach (at the start of the run or during the work) as unavailable, not as a bug', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const error = aiRequestError(new Error('Failed query', { cause: refused }), live, 'content_hooks');
    expect([error.code, error.message]).toEqual(['database_unavailable', messages.errors.databaseUnavailable]);
  });

  it('answers anything else as an internal error', () => {
    expect(aiRequestError(new TypeError('x is undefined'), live, 'trends').code).toBe('internal');
  });
});
