// Draft generation: the checks before the call and every toast text of spec 02 §8 (the answer's check: api.test.ts).

import { describe, expect, it } from 'vitest';
import { contentMessages } from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { draftErrorMessage, draftErrorToast, draftRequest, InvalidDraftResponse, MissingFormValues } from './draft-errors.ts';

const values = { hookCategory: 'Question', audience: 'CFOs', solution: 'Spend analytics', valueProposition: 'Cut waste' };
const stat = { statistic: '42% of CFOs', source: 'https://news.example.com/cfo', publisher: 'Example News' };
const apiError = (status: number, code = `http_${status}`, message = 'server says no') => new ApiRequestError(status, { code, message });

describe('draftRequest', () => {
  it('sends the hook and the four inputs with the stat', () => {
    expect(draftRequest('My hook', values, stat)).toEqual({ hook: 'My hook', inputs: { ...values, marketData: stat } });
    expect(draftRequest('My hook', values, null).inputs.marketData).toBeNull();
  });

  it('needs a hook first', () => {
    for (const hook of [null, '', '   ']) expect(() => draftRequest(hook, values, null)).toThrow('Please select a hook first');
  });

  it('needs all four inputs', () => {
    for (const field of Object.keys(values)) {
      expect(() => draftRequest('My hook', { ...values, [field]: ' ' }, null)).toThrow('Missing required form values');
      expect(() => draftRequest('My hook', { ...values, [field]: ' ' }, null)).toThrow(MissingFormValues);
    }
  });
});

describe('draftErrorMessage', () => {
  const text = contentMessages.draft;

  it('maps each failure to its text', () => {
    expect(draftErrorMessage(new InvalidDraftResponse())).toBe('Bad response from the AI.. try again');
    expect(draftErrorMessage(apiError(502, 'ai_invalid_output'))).toBe('Bad response from the AI.. try again');
    expect(draftErrorMessage(apiError(401, 'unauthorized'))).toBe('Authentication failed. Check your log-in status');
    expect(draftErrorMessage(apiError(400, 'invalid_request', 'Please select a hook first'))).toBe(
      'You gotta fill in all the required fields',
    );
    for (const error of [apiError(502, 'ai_unavailable'), apiError(500), apiError(503), apiError(429), apiError(504)]) {
      expect(draftErrorMessage(error)).toBe('Hmm.. hang on. Try again');
    }
    expect(draftErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(draftErrorMessage(new Error(''))).toBe(text.unknown);
    expect(draftErrorMessage('boom')).toBe('Content generation failed for some reason');
    expect(draftErrorMessage(undefined)).toBe('Content generation failed for some reason');
  });

  it("shows the guards' own messages", () => {
    const guard = (hook: string | null, v = values) => {
      try {
        draftRequest(hook, v, null);
      } catch (err) {
        return draftErrorMessage(err);
      }
      return 'no error';
    };
    expect(guard(null)).toBe('Please select a hook first');
    expect(guard('Hook', { ...values, audience: '' })).toBe('Missing required form values');
  });
});

describe('draftErrorToast', () => {
  it("keeps the spec's title and adds our server's message when it says something else", () => {
    const limit = 'You have used your 30 AI requests for this hour. Try again in 12 minutes.';
    expect(draftErrorToast(apiError(429, 'rate_limited', limit))).toEqual({ title: 'Hmm.. hang on. Try again', description: limit });
    expect(draftErrorToast(apiError(401, 'unauthorized', 'Sign in to continue.'))).toEqual({
      title: 'Authentication failed. Check your log-in status',
      description: 'Sign in to continue.',
    });
  });

  it('adds nothing when the server message is the title, blank, or there is no server message', () => {
    expect(draftErrorToast(apiError(400, 'invalid_request', 'You gotta fill in all the required fields'))).toEqual({
      title: 'You gotta fill in all the required fields',
    });
    expect(draftErrorToast(apiError(502, 'ai_unavailable', '  '))).toEqual({ title: 'Hmm.. hang on. Try again' });
    expect(draftErrorToast(new InvalidDraftResponse())).toEqual({ title: 'Bad response from the AI.. try again' });
    expect(draftErrorToast(new TypeError('Failed to fetch'))).toEqual({ title: 'Failed to fetch' });
  });
});
