import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '@/server/config';
import { servePages } from '@/publish/serve-pages';
import { pageFileOf } from '@/edge/rewrite';
import { servedDir } from '@/publish/release';
import { mediaRoutes } from '@/server/storage/media.routes';
import { createFolderStorage } from '@/server/storage/storage';
import { observatory } from '../support/observatory';
import { BUILD_CANARY_SECRET } from './support/global-setup';

/*
 * The built site as a CDN or `npm start` serves it: its headers (from the one policy), what its
 * pages run, and what the build must never put into it. No browser needed.
 */

const { siteDir: siteRoot, dataDir } = inject('e2e');
/** The release being served (a publish swaps `current`; see src/publish/publish.ts). */
const siteDir = servedDir(siteRoot);

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The pages served the way `npm start` serves them, with a shop of this public origin and payment provider. */
function pagesOf(env: Record<string, string>) {
  const app = new Hono();
  servePages(app, siteRoot, loadConfig({ NODE_ENV: 'test', ...env }));
  return async (pathAndQuery: string, headers: Record<string, string> = {}) => {
    const response = await app.request(pathAndQuery, { headers });
    const html = (response.headers.get('Content-Type') ?? '').includes('html') ? await response.text() : undefined;
    return { response, html };
  };
}

/** Netlify's `_headers` as the build wrote it: path pattern → headers. */
async function netlifyRules() {
  const text = await readFile(path.join(siteDir, '_headers'), 'utf8');
  const rules: { path: string; headers: Record<string, string> }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) rules.push({ path: line.trim(), headers: {} });
    else {
      const [name, ...value] = line.trim().split(': ');
      rules.at(-1)!.headers[name!] = value.join(': ');
    }
  }
  return rules;
}

const netlifyMatches = (pattern: string, requestPath: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(requestPath);

const scriptHash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('the built site', () => {
  it('runs no inline script whose hash the Content-Security-Policy lacks, and carries no CSP <meta> of its own', async () => {
    const page = pagesOf({});
    const csp = (await page('/')).response.headers.get('Content-Security-Policy')!;
    const scriptSources = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSources).not.toContain('unsafe-inline');
    const pages = (await files(siteDir)).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    let inline = 0;
    for (const file of pages) {
      const html = await readFile(file, 'utf8');
      expect(html, file).not.toMatch(/http-equiv="content-security-policy"/i);
      expect(html, file).not.toMatch(/\son[a-z]+="/i);
      for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        if (/\bsrc=|application\/ld\+json/i.test(attributes!)) continue;
        inline += 1;
        expect(scriptSources, `${file}: ${body!.slice(0, 80)}`).toContain(scriptHash(body!));
      }
    }
    expect(inline).toBeGreaterThan(0);
  });

  it("gets the same headers from Netlify's _headers as from npm start, for pages, build files and private pages", async () => {
    // The build ran with the default configuration (no PUBLIC_ORIGIN, the test payment provider): the server too.
    const page = pagesOf({});
    const rules = await netlifyRules();
    const assets = (await readdir(path.join(siteDir, '_astro'))).filter((file) => file.endsWith('.js'));
    for (const requestPath of [
      '/en-usd/',
      '/zh-cny/productsList/',
      '/ms-myr/my/order/',
      '/en-usd/shoppingCart/',
      '/en-usd/pay_result/',
      '/en-usd/order/energy/',
      `/_astro/${assets[0]}`,
    ]) {
      const { response } = await page(requestPath);
      expect(response.status, requestPath).toBe(200);
      const fromNetlify = Object.assign(
        {},
        ...rules.filter((rule) => netlifyMatches(rule.path, requestPath)).map((rule) => rule.headers),
      ) as Record<string, string>;
      for (const [name, value] of Object.entries(fromNetlify))
        expect(response.headers.get(name), `${requestPath} ${name}`).toBe(value);
    }
  });

  it("never lets a browser or shared cache keep a page with the customer's own data", async () => {
    const page = pagesOf({});
    for (const requestPath of [
      '/my/order',
      '/my/order/details?id=1',
      '/my/address',
      '/shoppingCart',
      '/order',
      '/pay',
      '/pay_result',
      '/order/energy',
      '/order/friends',
      '/updatePwd/abc',
    ]) {
      expect((await page(requestPath)).response.headers.get('Cache-Control'), requestPath).toBe('no-store');
    }
    for (const requestPath of ['/', '/productsList', '/apply-text']) {
      expect((await page(requestPath)).response.headers.get('Cache-Control'), requestPath).toBe(
        'public, max-age=0, must-revalidate',
      );
    }
  });

  it("allows PayPal's SDK only when the shop takes payments through PayPal, from the configured origin", async () => {
    const csp = async (env: Record<string, string>) =>
      (await pagesOf(env)('/')).response.headers.get('Content-Security-Policy')!;
    expect(await csp({})).not.toContain('paypal');
    const live = await csp({ PAYMENT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(live).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(live).toMatch(/frame-src https:\/\/\*\.paypal\.com/);
    const standIn = await csp({
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_SDK_URL: 'http://127.0.0.1:9999/sdk/js',
    });
    expect(standIn).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:9999/);
    expect(standIn).not.toContain('paypal.com');
  });

  it("scores A+ on Mozilla Observatory's rules when served over https", async () => {
    const page = pagesOf({
      PUBLIC_ORIGIN: 'https://shop.example',
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
      PAYPAL_WEBHOOK_ID: 'WH-LIVE',
    });
    for (const requestPath of ['/', '/?lang=ZH&currency=CNY', '/productsList', '/my/order', '/shoppingCart', '/sign']) {
      const { response, html } = await page(requestPath);
      const report = observatory({ headers: response.headers, html, https: true, origin: 'https://shop.example' });
      expect(report, requestPath).toMatchObject({ grade: 'A+' });
      expect(report.score, requestPath).toBeGreaterThanOrEqual(100);
    }
    const { response } = await page('/?lang=ZH');
    expect(response.headers.get('Set-Cookie')).toMatch(/; Secure/);
    expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d{8}/);
  });

  it('shows the pictures of the home, list and details pages in the sizes stored with them, which the shop serves as WebP for a year', async () => {
    // The demo shop's picture store, served as the shop serves it (/api/v1/media/…).
    const media = new Hono().route(
      '/api/v1/media',
      mediaRoutes({ storage: createFolderStorage(path.join(dataDir, 'storage')) }),
    );
    const page = (...parts: string[]) =>
      readFile(path.join(siteDir, pageFileOf(['/en-usd', ...parts].join('/'))), 'utf8');
    const pictures = (html: string) =>
      [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
        src: /\ssrc="([^"]+)"/.exec(tag)?.[1] ?? '',
        // React writes a card's attribute as `srcSet`: the same attribute to a browser.
        srcset:
          /\ssrcset="([^"]+)"/i
            .exec(tag)?.[1]
            ?.split(', ')
            .map((candidate) => candidate.split(' ')[0]!) ?? [],
      }));
    const home = pictures(await page());
    const list = pictures(await page('productsList'));
    const detailsIds = (await readdir(path.join(siteDir, 'en-usd', 'productsList', 'details'))).map((file) =>
      path.basename(file, '.html'),
    );
    const details = (await Promise.all(detailsIds.map((id) => page('productsList', 'details', id)))).flatMap(pictures);
    const boxesOf = (shown: { src: string; srcset: string[] }[]) =>
      new Set(
        shown
          .flatMap(({ src, srcset }) => [src, ...srcset])
          .map((url) => /^\/api\/v1\/media\/(?:goods|adverts)\/[a-z0-9-]+\.(\d+x\d+)\.webp$/.exec(url)?.[1] ?? url),
      );
    // Cards in 240 and 480 (a srcset each); the gallery in 360 and 720, thumbnails at 72; banners in 400, 800 and 1200.
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((picture) => picture.srcset.length === 2)).toBe(true);
    expect(boxesOf(list)).toEqual(new Set(['240x240', '480x480']));
    expect(boxesOf(details)).toEqual(new Set(['240x240', '480x480', '360x360', '720x720', '72x72']));
    expect(boxesOf(home)).toEqual(new Set(['240x240', '480x480', '400x150', '800x300', '1200x450']));
    for (const url of new Set([...home, ...list, ...details].flatMap(({ src, srcset }) => [src, ...srcset]))) {
      const response = await media.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('Content-Type'), url).toBe('image/webp');
      expect(response.headers.get('Cache-Control'), url).toBe('public, max-age=31536000, immutable');
    }
    // The build made no picture of its own.
    expect((await files(siteDir)).filter((file) => /\.(webp|avif|jpe?g)$/.test(file))).toEqual([]);
  });

  it('requests no script before the home, list and details pages first paint, and paints their largest picture with the frame', async () => {
    // Lighthouse's LCP counts what ended before the largest paint (docs/decisions/070): the pages' own
    // scripts are inline, their islands and start-up load after the first paint (client:paint).
    const page = (...parts: string[]) =>
      readFile(path.join(siteDir, pageFileOf(['/en-usd', ...parts].join('/'))), 'utf8');
    const detailsIds = (await readdir(path.join(siteDir, 'en-usd', 'productsList', 'details'))).map((file) =>
      path.basename(file, '.html'),
    );
    const pages = {
      home: await page(),
      list: await page('productsList'),
      details: await page('productsList', 'details', detailsIds[0]!),
    };
    for (const [name, html] of Object.entries(pages)) {
      expect([...html.matchAll(/<script\b[^>]*\ssrc=/g)], name).toEqual([]);
      expect([...html.matchAll(/<link\b[^>]*rel="(?:modulepreload|preload)"/g)], name).toEqual([]);
      const islands = [...html.matchAll(/<astro-island\b[^>]*\sclient="([^"]+)"/g)].map((match) => match[1]);
      expect(islands.length, name).toBeGreaterThan(0);
      expect(new Set(islands), name).toEqual(new Set(['paint']));
    }
    const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';
    expect(first(pages.home, /<img\b[^>]*class="hero__picture"[^>]*>/)).toContain('decoding="sync"');
    expect(first(pages.details, /<div id="gallery-slides"[^>]*>\s*<img\b[^>]*>/)).toContain('decoding="sync"');
    // The list's first screen on a phone is its first four cards, two by two: any of them may be the largest paint.
    const cards = [...pages.list.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).slice(0, 5);
    for (const tag of cards.slice(0, 4))
      expect(tag).toMatch(/fetchPriority="high"[^>]*decoding="sync"|decoding="sync"[^>]*fetchPriority="high"/);
    expect(cards[4]).toContain('loading="lazy"');
  });

  it('holds no secret from the build environment and no server-only code', async () => {
    const secrets = [
      BUILD_CANARY_SECRET,
      ...Object.entries(process.env)
        .filter(
          ([name, value]) =>
            /SECRET|PASSWORD|TOKEN|PRIVATE|DATABASE_URL|SMTP_URL|_KEY$/i.test(name) && value && value.length >= 8,
        )
        .map(([, value]) => value!),
    ];
    // Strings only server modules contain: the database drivers, password hashing, mail, the logger, config parsing.
    const serverOnly = [
      'drizzle-orm',
      '@electric-sql/pglite',
      'pg-protocol',
      'scryptSync',
      'nodemailer',
      'pino',
      'Invalid configuration:',
      'unexpected fault',
      'PAYPAL_CLIENT_SECRET',
      'node:fs',
    ];
    const built = await files(siteDir);
    expect(built.length).toBeGreaterThan(100);
    for (const file of built.filter(
      (name) => /\.(html|js|mjs|css|json|txt|xml|map|_headers|_redirects)$/.test(name) || !path.extname(name),
    )) {
      const text = await readFile(file, 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${file} holds a secret`).toBe(false);
      if (file.endsWith('.js') || file.endsWith('.mjs'))
        for (const marker of serverOnly) expect(text.includes(marker), `${file} holds ${marker}`).toBe(false);
    }
    expect(built.some((file) => file.endsWith('.map'))).toBe(false);
  });

  it("renders the pages without loading the database's code (a render worker loads every page's module first)", async () => {
    const renderers = path.join(siteRoot, 'renderers');
    const modules = (await files(renderers)).filter(
      (file) => file.includes(`${path.sep}server${path.sep}`) && file.endsWith('.mjs'),
    );
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules)
      expect(await readFile(file, 'utf8'), `${path.relative(renderers, file)} imports the database's code`).not.toMatch(
        /from\s*["'](drizzle-orm|@electric-sql\/pglite|pg)(\/[^"']*)?["']/,
      );
  });
});
