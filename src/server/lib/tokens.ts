import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token with 256 bits of entropy. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as SHA-256 hashes: a leaked table gives no usable link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
