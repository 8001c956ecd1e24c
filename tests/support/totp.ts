// RFC 6238 codes (SHA-1, 6 digits, 30 s), computed by the tests as an authenticator app would from
// the key the app shows: the server's own code is not used to check itself.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(key: string): Buffer {
  const clean = key.replace(/[\s=-]/g, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code for `key` (base32, as in an otpauth:// link or typed by hand) at `time`, `step` periods away. */
export function totp(key: string, { time = Date.now(), step = 0 } = {}): string {
  const counter = Math.floor(time / 30_000) + step;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Bytes(key)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/** The key of an otpauth:// link. */
export const keyOf = (totpURI: string) => new URL(totpURI).searchParams.get('secret') ?? '';

/** A code that is surely wrong now (not the code of any step the server accepts). */
export function wrongCode(key: string): string {
  const accepted = new Set([-1, 0, 1].map((step) => totp(key, { step })));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}
