import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Netlify's CDN in front of the shop, and for the purge operation of its API
 * (`POST /api/v1/purge`, operation `purgeCache` of Netlify's published OpenAPI document), answering
 * as they do:
 * - the CDN keeps a GET answer of the origin whose `Netlify-CDN-Cache-Control` says `public` with an
 *   `s-maxage` (or `max-age`), under the tags of its `Netlify-Cache-Tag` and the cookie `Netlify-Vary`
 *   names, strips those headers before the browser, and says `Cache-Status: "Netlify Edge"; hit` or
 *   `fwd=miss`;
 * - the purge answers 202 and drops the site's entries with any of `cache_tags` (all of them without
 *   tags); 401 without the site's token, 404 for a site it does not know, 400 for a body that is not
 *   `{ site_id | site_slug, cache_tags?: string[] }`.
 * Every purge request it accepted is kept in `purges`, and every request the origin answered in `fetched`.
 */

type Entry = { status: number; headers: Record<string, string>; body: Buffer; tags: string[] };

export async function startNetlifyStandIn(options: {
  origin: string;
  siteId: string;
  siteSlug?: string;
  token: string;
}) {
  const cache = new Map<string, Entry>();
  const purges: { site_id?: string; cache_tags?: string[] }[] = [];
  const fetched: string[] = [];

  const keyOf = (url: string, vary: string | undefined, cookie: string | undefined) => {
    const name = /^cookie=(.+)$/.exec(vary ?? '')?.[1];
    const value = name ? new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie ?? '')?.[1] : undefined;
    return `${url}|${value ?? ''}`;
  };
  // The cookie a cached path varies on, learnt from the origin's answer.
  const varyByPath = new Map<string, string>();

  const api = async (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) => {
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.url !== '/api/v1/purge' || request.method !== 'POST')
      return answer(404, { code: 404, message: 'Not Found' });
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return answer(401, { code: 401, message: 'Access Denied: Invalid token' });
    let purge: { site_id?: unknown; site_slug?: unknown; cache_tags?: unknown };
    try {
      purge = JSON.parse(body.toString('utf8')) as typeof purge;
    } catch {
      return answer(400, { code: 400, message: 'Invalid request parameters' });
    }
    const tags = purge.cache_tags;
    if (
      typeof purge !== 'object' ||
      purge === null ||
      (purge.site_id === undefined && purge.site_slug === undefined) ||
      (tags !== undefined &&
        (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || tag === '' || tag.includes(','))))
    ) {
      return answer(400, { code: 400, message: 'Invalid request parameters' });
    }
    if (
      (purge.site_id ?? options.siteId) !== options.siteId ||
      (purge.site_slug ?? options.siteSlug) !== options.siteSlug
    )
      return answer(404, { code: 404, message: 'Site not found' });
    purges.push({ site_id: options.siteId, ...(tags ? { cache_tags: tags as string[] } : {}) });
    for (const [key, entry] of cache)
      if (!tags || entry.tags.some((tag) => (tags as string[]).includes(tag))) cache.delete(key);
    response.writeHead(202).end();
  };

  const cdn = async (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) => {
    const url = request.url ?? '/';
    const cookie = request.headers.cookie;
    const key = keyOf(url, varyByPath.get(url), cookie);
    const hit = request.method === 'GET' ? cache.get(key) : undefined;
    if (hit) {
      response.writeHead(hit.status, { ...hit.headers, 'Cache-Status': '"Netlify Edge"; hit' });
      response.end(hit.body);
      return;
    }
    const forwarded = await fetch(new URL(url, options.origin), {
      method: request.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(
          (pair): pair is [string, string] => typeof pair[1] === 'string' && pair[0] !== 'host',
        ),
      ),
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      redirect: 'manual',
    });
    fetched.push(url);
    const answerBody = Buffer.from(await forwarded.arrayBuffer());
    const control = forwarded.headers.get('netlify-cdn-cache-control') ?? '';
    const tags = (forwarded.headers.get('netlify-cache-tag') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const vary = forwarded.headers.get('netlify-vary') ?? undefined;
    const headers: Record<string, string> = {};
    forwarded.headers.forEach((value, name) => {
      if (
        ![
          'netlify-cdn-cache-control',
          'netlify-cache-tag',
          'netlify-vary',
          'content-encoding',
          'content-length',
          'transfer-encoding',
          'connection',
        ].includes(name)
      )
        headers[name] = value;
    });
    const lifetime = Number(/(?:s-maxage|max-age)=(\d+)/.exec(control)?.[1] ?? 0);
    if (request.method === 'GET' && forwarded.status === 200 && /\bpublic\b/.test(control) && lifetime > 0) {
      if (vary) varyByPath.set(url, vary);
      cache.set(keyOf(url, vary, cookie), { status: forwarded.status, headers, body: answerBody, tags });
    }
    response.writeHead(forwarded.status, { ...headers, 'Cache-Status': '"Netlify Edge"; fwd=miss' });
    response.end(answerBody);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const handle = request.url?.startsWith('/api/v1/purge') || request.headers.host?.startsWith('api.') ? api : cdn;
      handle(request, response, body).catch((error: unknown) => {
        response.writeHead(502).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The CDN's address, and its API's (the same server: the purge path is the API's). */
    url,
    apiUrl: url,
    purges,
    fetched,
    /** Whether the CDN holds an answer for `path` (with the site cookie `variant`). */
    holds: (path: string, cookie?: string) => cache.has(keyOf(path, varyByPath.get(path), cookie)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
