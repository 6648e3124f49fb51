/* Pure rules of accounts, shared by the browser and the server. */

import type { UserInfo } from './auth.schema';

/** The browser sends passwords as base64 of their UTF-8 bytes; this is its half of the encoding. */
export function encodePassword(password: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(password)));
}

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The server's half: the password, or null when `encoded` is not base64 of UTF-8 text (`-203`). */
export function decodePassword(encoded: string): string | null {
  if (encoded === '' || !base64.test(encoded)) return null;
  try {
    const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
    const password = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /\p{Cc}/u.test(password) ? null : password;
  } catch {
    return null;
  }
}

/** `jo***@mail.com`: enough for its owner to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${email.slice(at)}`;
}

/**
 * An email as one mailbox: lower case, the local part without `+tags` and without dots (most mail
 * providers deliver `a.na+shop@x` to `ana@x`; treating every domain so costs a rare false match, which
 * only withholds a 5 % discount).
 */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.split('+')[0]!.replaceAll('.', '')}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/** Whether two emails reach the same mailbox. */
export const sameMailbox = (one: string, other: string) => normaliseEmail(one) === normaliseEmail(other);

/** Personal and share codes: no 0/O, 1/I/L, so they can be read aloud and typed from a screenshot. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

/** Codes are compared without regard to letter case or surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** The user info of a visitor who is not signed in: every field empty. */
export const signedOutUserInfo: UserInfo = {
  userId: '',
  email: '',
  firstName: '',
  lastName: '',
  headPicture: '',
  phone: '',
  userCode: '',
  shareCode: '',
  language: '',
};
