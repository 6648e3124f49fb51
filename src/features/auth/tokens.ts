import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a mailed link: 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

export const isWellFormedToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Only this is stored, so whoever reads the database cannot use the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
