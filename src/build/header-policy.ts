import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { netlifyHeadersFile, siteHeaderRules, type HeaderPolicyInput } from '../lib/security-headers.ts';

/** Beside the pages: the inline-script hashes the server's header policy needs (public anyway: they are in the pages). */
export const HASHES_FILE = '_csp-hashes.json';

const metaPattern = /<meta http-equiv="content-security-policy" content="([^"]*)"\s*\/?>/gi;

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

const inlineScriptPattern = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const javascriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The hashes of a page's inline scripts (data blocks such as JSON-LD run nothing and need none). */
function inlineScriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScriptPattern)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!javascriptTypes.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** The `'sha256-…'` sources of a policy's script-src. */
function scriptHashesOf(policy: string): string[] {
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return (directive ?? []).filter((source) => /^'sha(256|384|512)-/.test(source));
}

/**
 * After `astro build`: collects the script hashes Astro put in each page's CSP <meta> and hashes
 * every inline script the pages carry (also those Astro leaves alone, `is:inline`), removes the
 * <meta> (the header carries the policy, with PayPal's origin known only at run time), and writes
 * the hashes and Netlify's `_headers`.
 */
export async function writeHeaderPolicy(dir: URL | string, settings: Omit<HeaderPolicyInput, 'scriptHashes'>) {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const hashes = new Set<string>();
  for await (const file of htmlFiles(root)) {
    const html = await readFile(file, 'utf8');
    let found = false;
    const stripped = html.replace(metaPattern, (_, policy: string) => {
      found = true;
      for (const hash of scriptHashesOf(policy.replaceAll('&#39;', "'"))) hashes.add(hash);
      return '';
    });
    for (const hash of inlineScriptHashesOf(stripped)) hashes.add(hash);
    if (found) await writeFile(file, stripped);
  }
  const scriptHashes = [...hashes].sort();
  await writeFile(path.join(root, HASHES_FILE), `${JSON.stringify({ scriptHashes }, null, 2)}\n`);
  await writeFile(path.join(root, '_headers'), netlifyHeadersFile(siteHeaderRules({ ...settings, scriptHashes })));
  return scriptHashes;
}

/** The hashes a build wrote; none when the pages were never built. */
export async function readScriptHashes(siteDir: string): Promise<string[]> {
  const text = await readFile(path.join(siteDir, HASHES_FILE), 'utf8').catch(() => null);
  return text ? ((JSON.parse(text) as { scriptHashes?: string[] }).scriptHashes ?? []) : [];
}
