import { hash as digest } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { netlifyHeadersFile, siteHeaderRules, type HeaderPolicyInput } from '../lib/security-headers.ts';

/** Beside the pages: the inline-script hashes the server's header policy needs (public anyway: they are in the pages). */
export const HASHES_FILE = '_csp-hashes.json';

const metaPattern = /<meta http-equiv="content-security-policy" content="([^"]*)"\s*\/?>/gi;

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

const javascriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript']);
const OPEN = Buffer.from('<script');
const CLOSE = Buffer.from('</script>');
const META = Buffer.from('http-equiv="content-security-policy"');

/**
 * The hashes of a page's inline scripts (data blocks such as JSON-LD run nothing and need none),
 * found in the page's bytes: a page is never decoded as a whole, only its scripts' opening tags.
 */
export function inlineScriptHashesOf(page: Buffer | string): string[] {
  const html = typeof page === 'string' ? Buffer.from(page) : page;
  const hashes: string[] = [];
  for (let at = html.indexOf(OPEN); at !== -1; at = html.indexOf(OPEN, at + OPEN.length)) {
    const next = html[at + OPEN.length];
    if (next !== 0x3e && next !== 0x20 && next !== 0x0a && next !== 0x09) continue; // `<script>` or `<script …>`, not `<scripts`
    const tagEnd = html.indexOf(0x3e, at);
    const close = tagEnd === -1 ? -1 : html.indexOf(CLOSE, tagEnd);
    if (close === -1) break;
    const attributes = html.toString('utf8', at + OPEN.length, tagEnd);
    at = close;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!javascriptTypes.has(type)) continue;
    hashes.push(scriptHash(html.subarray(tagEnd + 1, close)));
  }
  return hashes;
}

/**
 * The scripts hashed in this thread: a release's pages share a few inline scripts, which a render
 * worker finds again in each of its 45,000 pages. Each is hashed once and recognised again only
 * when byte for byte the same; the first ones met are kept (the shared ones are on every page).
 */
const hashedScripts: { script: Buffer; hash: string }[] = [];
const KEPT_SCRIPTS = 16;

function scriptHash(script: Buffer): string {
  const known = hashedScripts.find((entry) => entry.script.equals(script));
  if (known) return known.hash;
  const hash = `'sha256-${digest('sha256', script, 'base64')}'`;
  if (hashedScripts.length < KEPT_SCRIPTS) hashedScripts.push({ script: Buffer.from(script), hash });
  return hash;
}

/** The `'sha…'` sources of a policy's script-src. */
function scriptHashesOf(policy: string): string[] {
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return (directive ?? []).filter((source) => /^'sha(256|384|512)-/.test(source));
}

/**
 * After `astro build`: hashes every inline script of the pages in `dir` (read, not rewritten), adds
 * `inherited` (the hashes of the last release's pages a publish keeps, docs/decisions/050), and writes
 * the hashes and Netlify's `_headers`. A CSP <meta> (Astro's `security.csp`, off since the header
 * carries the policy, with PayPal's origin known only at run time) would be taken out of the page.
 */
export function writeHeaderPolicy(
  dir: URL | string,
  settings: Omit<HeaderPolicyInput, 'scriptHashes'>,
  inherited: readonly string[] = [],
) {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const hashes = new Set<string>(inherited);
  for (const file of htmlFiles(root)) {
    const html = readFileSync(file);
    if (html.includes(META)) {
      const stripped = html.toString('utf8').replace(metaPattern, (_, policy: string) => {
        for (const hash of scriptHashesOf(policy.replaceAll('&#39;', "'"))) hashes.add(hash);
        return '';
      });
      writeFileSync(file, stripped);
      for (const hash of inlineScriptHashesOf(stripped)) hashes.add(hash);
    } else {
      for (const hash of inlineScriptHashesOf(html)) hashes.add(hash);
    }
  }
  return writeHeaderPolicyFiles(root, settings, hashes);
}

/** Writes the inline scripts' hashes and Netlify's `_headers` into the release folder `root`. */
export function writeHeaderPolicyFiles(
  root: string,
  settings: Omit<HeaderPolicyInput, 'scriptHashes'>,
  hashes: Iterable<string>,
) {
  const scriptHashes = [...new Set(hashes)].sort();
  writeFileSync(path.join(root, HASHES_FILE), `${JSON.stringify({ scriptHashes }, null, 2)}\n`);
  writeFileSync(path.join(root, '_headers'), netlifyHeadersFile(siteHeaderRules({ ...settings, scriptHashes })));
  return scriptHashes;
}

/** The hashes a build wrote; none when the pages were never built. */
export async function readScriptHashes(siteDir: string): Promise<string[]> {
  const text = await readFile(path.join(siteDir, HASHES_FILE), 'utf8').catch(() => null);
  return text ? ((JSON.parse(text) as { scriptHashes?: string[] }).scriptHashes ?? []) : [];
}
