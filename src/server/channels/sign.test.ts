import { Webhook } from 'standardwebhooks';
import { expect, it } from 'vitest';
import { newSigningSecret, signatureHeaders } from './sign.ts';

it('signs so that the reference library verifies, and a changed body or another secret does not', () => {
  const secret = newSigningSecret();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const body = JSON.stringify({ type: 'channel.test' });
  const headers = signatureHeaders(secret, 'msg_1', new Date(), body);
  expect(headers['webhook-id']).toBe('msg_1');
  expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'channel.test' });
  expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
});
