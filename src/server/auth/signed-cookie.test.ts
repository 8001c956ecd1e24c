import { describe, expect, it } from 'vitest';
import { createSignedCookieReader, VERIFIED_CACHE_SIZE } from './signed-cookie.ts';

const SECRET = 'unit-test-secret-unit-test-secret-unit-test';
const NAME = 'better-auth.session_token';

/** better-call's signCookieValue, step by step: Web Crypto HMAC-SHA256, btoa, `value.signature`, URI-encoded. */
async function betterCallSigned(value: string, secret = SECRET) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(value));
  return encodeURIComponent(`${value}.${btoa(String.fromCharCode(...new Uint8Array(signature)))}`);
}

describe('createSignedCookieReader', () => {
  const read = createSignedCookieReader(SECRET);

  it('gives the value of a cookie signed as better-call signs, among other cookies', async () => {
    const cookie = `theme=dark; ${NAME}=${await betterCallSigned('Tok3n.with.dots')}; other=1`;
    expect(read(cookie, NAME)).toBe('Tok3n.with.dots');
    expect(read(`${NAME}=${await betterCallSigned('ünïcode')}`, NAME)).toBe('ünïcode');
  });

  it('answers false for a wrong signature: another secret, another value, a changed character', async () => {
    expect(read(`${NAME}=${await betterCallSigned('token', `${SECRET}!`)}`, NAME)).toBe(false);
    const good = decodeURIComponent(await betterCallSigned('token'));
    const signature = good.slice(good.lastIndexOf('.') + 1);
    expect(read(`${NAME}=${encodeURIComponent(`tokem.${signature}`)}`, NAME)).toBe(false);
    const changed = `${signature.slice(0, 10)}${signature[10] === 'x' ? 'y' : 'x'}${signature.slice(11)}`;
    expect(read(`${NAME}=${encodeURIComponent(`token.${changed}`)}`, NAME)).toBe(false);
    // 44 characters ending in '=' but not base64.
    expect(read(`${NAME}=${encodeURIComponent(`token.${'!'.repeat(43)}=`)}`, NAME)).toBe(false);
  });

  it('answers null when there is no such cookie or it carries no signature', async () => {
    expect(read(undefined, NAME)).toBeNull();
    expect(read('', NAME)).toBeNull();
    expect(read(`other=${await betterCallSigned('token')}`, NAME)).toBeNull();
    expect(read(`${NAME}=token`, NAME)).toBeNull();
    expect(read(`${NAME}=token.short=`, NAME)).toBeNull();
    const good = decodeURIComponent(await betterCallSigned('token'));
    expect(read(`${NAME}=${encodeURIComponent(good.slice(good.indexOf('.')))}`, NAME)).toBeNull();
  });

  it('reads the first cookie of the name, as better-call does', async () => {
    const good = await betterCallSigned('first');
    const bad = await betterCallSigned('second', 'another-secret');
    expect(read(`${NAME}=${good}; ${NAME}=${bad}`, NAME)).toBe('first');
    expect(read(`${NAME}=${bad}; ${NAME}=${good}`, NAME)).toBe(false);
  });
});

describe('the verified-value cache', () => {
  it('still refuses a tampered cookie, and a wrong secret, after the good one was remembered', async () => {
    const read = createSignedCookieReader(SECRET);
    const good = await betterCallSigned('token');
    expect(read(`${NAME}=${good}`, NAME)).toBe('token');
    expect(read(`${NAME}=${good}`, NAME)).toBe('token');
    expect(read.cached()).toBe(1);
    const decoded = decodeURIComponent(good);
    const signature = decoded.slice(decoded.lastIndexOf('.') + 1);
    const changed = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    expect(read(`${NAME}=${encodeURIComponent(`token.${changed}`)}`, NAME)).toBe(false);
    expect(read(`${NAME}=${encodeURIComponent(`tokem.${signature}`)}`, NAME)).toBe(false);
    expect(read(`${NAME}=${encodeURIComponent(`token.${signature}`)}x`, NAME)).toBeNull();
    expect(read(`${NAME}=${await betterCallSigned('token', `${SECRET}!`)}`, NAME)).toBe(false);
    // A reader with another secret has its own memory: the good cookie is not good there.
    expect(createSignedCookieReader(`${SECRET}!`)(`${NAME}=${good}`, NAME)).toBe(false);
    // Refused values are not remembered.
    expect(read.cached()).toBe(1);
  });

  it('stays bounded: past its size the oldest values are forgotten, and verified again when they return', async () => {
    const read = createSignedCookieReader(SECRET, 3);
    const cookies = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((v) => betterCallSigned(`token-${v}`)));
    for (const [i, cookie] of cookies.entries()) {
      expect(read(`${NAME}=${cookie}`, NAME)).toBe(`token-${'abcde'[i]}`);
      expect(read.cached()).toBe(Math.min(i + 1, 3));
    }
    expect(read(`${NAME}=${cookies[0]}`, NAME)).toBe('token-a');
    expect(read.cached()).toBe(3);
    const many = createSignedCookieReader(SECRET);
    for (let i = 0; i < VERIFIED_CACHE_SIZE + 50; i += 1) expect(many(`${NAME}=${await betterCallSigned(`t${i}`)}`, NAME)).toBe(`t${i}`);
    expect(many.cached()).toBe(VERIFIED_CACHE_SIZE);
  });
});
