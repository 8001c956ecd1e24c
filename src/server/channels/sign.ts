// The generic webhook's signature (Standard Webhooks, https://www.standardwebhooks.com): the spec's
// reference implementation signs; a receiver verifies with the same library in any language.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new per-channel signing secret in the spec's format: 'whsec_' and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The three headers of one attempt. `id` is the delivery's (the same on every retry, so a receiver
 * can drop a repeat); the timestamp is the attempt's (receivers refuse old ones).
 */
export function signatureHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
