import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Password hashes: scrypt with OWASP's parameters (N = 2^17, r = 8, p = 1), stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` so a hash keeps verifying after the configured cost changes.
 * See docs/decisions/006-password-hashing.md.
 */

const SCHEME = 'scrypt';
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_BYTES = 32;

type Cost = { log2N: number; r: number; p: number };

function deriveKey(password: string, salt: Buffer, cost: Cost, keyBytes: number): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below what N = 2^17 takes.
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) => {
    // NIST asks for normalisation, so the same password typed on another keyboard still matches.
    scrypt(password.normalize('NFKC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, { log2N, r: BLOCK_SIZE, p: PARALLELISM }, KEY_BYTES);
  return [SCHEME, log2N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at this cost, made once per process: a sign-in for an email that has
 * no account verifies against it, so it takes as long as one that has (and never matches).
 */
export function dummyHash(log2N: number): Promise<string> {
  let hash = dummyHashes.get(log2N);
  if (!hash) dummyHashes.set(log2N, (hash = hashPassword(randomBytes(16).toString('base64url'), log2N)));
  return hash;
}

/** True when the hash was made at another cost than the configured one: sign-in then rehashes it. */
export function needsRehash(stored: string, log2N: number): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.log2N !== log2N || parsed.cost.r !== BLOCK_SIZE || parsed.cost.p !== PARALLELISM;
}

function parseHash(stored: string) {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== SCHEME || !salt || !key) return null;
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  const inRange = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  if (!inRange(cost.log2N, 24) || !inRange(cost.r, 32) || !inRange(cost.p, 16)) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}
