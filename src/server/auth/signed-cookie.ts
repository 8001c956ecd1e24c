// Reading better-auth's signed session cookie without its per-request key import. better-auth
// (through better-call) signs a cookie as `value.base64(HMAC-SHA256(secret, value))`, URI-encoded,
// and verifies it by importing the secret as a Web Crypto key on every call: 14 % of a request's
// CPU (issue 16). Here the key is made once, and a signature is checked by recomputing it and
// comparing in constant time. Setting cookies stays with better-auth.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { parse } from 'hono/utils/cookie';

/** better-call's signature: the 32-byte digest in padded base64 (44 characters). */
const SIGNATURE_LENGTH = 44;
const BASE64_DIGEST = /^[A-Za-z0-9+/]{43}=$/;

/** How many verified cookie values a reader remembers (one a signed-in browser; the oldest go first). */
export const VERIFIED_CACHE_SIZE = 1024;

/**
 * The value of the signed cookie `name` in a Cookie header: the value when its signature is
 * right, false when it is wrong, null when there is no such cookie or it is not signed.
 * The same answers as better-call's `getSignedCookie` (the first cookie of the name counts).
 * A signed value whose signature was found right is remembered (at most `cacheSize`, the oldest
 * forgotten first), so a browser's every request does not recompute the HMAC: only the very same
 * string, signature included, is answered from memory; anything else is verified. Whether the
 * session it names is still valid is the database's answer on every request, not this cache's.
 */
export function createSignedCookieReader(secret: string, cacheSize = VERIFIED_CACHE_SIZE) {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, string>();
  const read = (cookieHeader: string | null | undefined, name: string): string | null | false => {
    if (!cookieHeader) return null;
    const value = parse(cookieHeader, name)[name];
    if (!value) return null;
    const known = verified.get(value);
    if (known !== undefined) return known;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const signed = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
    if (!BASE64_DIGEST.test(signature)) return false;
    const expected = Buffer.from(createHmac('sha256', key).update(signed, 'utf8').digest('base64'), 'ascii');
    if (!timingSafeEqual(Buffer.from(signature, 'ascii'), expected)) return false;
    if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
    verified.set(value, signed);
    return signed;
  };
  /** How many verified values are remembered (for tests). */
  return Object.assign(read, { cached: () => verified.size });
}
