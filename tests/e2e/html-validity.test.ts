import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { pageFileOf } from '@/edge/rewrite';
import { servedDir } from '@/publish/release';

/*
 * Every built storefront page is valid HTML for the Nu HTML Checker (vnu.jar from the `vnu-jar`
 * package, run on the machine's Java; docs/decisions/081). Without Java the test fails and says how
 * to install it: a check that quietly skips would let invalid pages through (`.ci/run` installs one).
 */

const run = promisify(execFile);
const siteDir = servedDir(inject('e2e').siteDir);
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');

type Message = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

async function builtPages(): Promise<string[]> {
  const entries = await readdir(siteDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the built pages', () => {
  it('are valid HTML for the Nu HTML Checker, in every language and currency', async () => {
    try {
      await run('java', ['-version']);
    } catch {
      throw new Error(
        'The Nu HTML Checker needs Java: install a JRE (Debian/Ubuntu: sudo apt-get install -y default-jre-headless) and run the test again.',
      );
    }
    const pages = await builtPages();
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.some((page) => page.includes(`${path.sep}zh-cny${path.sep}`))).toBe(true);
    // One checker for every page: starting Java costs seconds, checking a page milliseconds.
    const result = await run('java', ['-Xss4m', '-jar', vnuJar, '--errors-only', '--format', 'json', ...pages], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
    const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: Message[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map(
        (message) =>
          `${path.relative(siteDir, new URL(message.url).pathname)}:${message.lastLine ?? '?'}: ${message.message}`,
      );
    expect(errors).toEqual([]);
    // About a minute for ~480 pages on a quiet two-core machine, four under heavy load.
  }, 900_000);

  it('name themselves as canonical in their own language, the others and the x-default as alternates', async () => {
    const html = await readFile(path.join(siteDir, pageFileOf('/ms-myr/productsList')), 'utf8');
    const links = [...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)"/g)].map(
      ([, rel, hreflang, href]) => {
        const url = new URL(href!.replace(/&amp;/g, '&'));
        return { rel, hreflang, href: url.pathname + url.search };
      },
    );
    expect(links).toEqual([
      { rel: 'canonical', hreflang: undefined, href: '/productsList?lang=ms' },
      { rel: 'alternate', hreflang: 'en', href: '/productsList?lang=en' },
      { rel: 'alternate', hreflang: 'zh-CN', href: '/productsList?lang=zh' },
      { rel: 'alternate', hreflang: 'ms', href: '/productsList?lang=ms' },
      { rel: 'alternate', hreflang: 'x-default', href: '/productsList' },
    ]);
  });

  it('tell crawlers the sitemap by its absolute URL at the public origin', async () => {
    const robots = await readFile(path.join(siteDir, 'robots.txt'), 'utf8');
    const sitemapLine = robots.split('\n').find((line) => line.startsWith('Sitemap:'));
    expect(sitemapLine).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
    expect(robots).toContain('Disallow: /api/');
    const sitemap = await readFile(path.join(siteDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/productsList\?lang=zh<\/loc>/);
  });
});
