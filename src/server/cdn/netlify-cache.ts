/*
 * Netlify's CDN in front of the shop's own servers (docs/decisions/085): each page the shop serves
 * tells Netlify to keep it (`Netlify-CDN-Cache-Control`) under a tag naming the page
 * (`Netlify-Cache-Tag`), and a publish asks Netlify's purge API (`POST /api/v1/purge`) to drop the
 * tags of the pages it changed. The other pages stay cached.
 */

export type CdnSettings = { siteId: string; token: string; apiUrl: string };

/** How long Netlify may keep a page: until a purge drops it (a year, the longest it keeps anything). */
export const CDN_CACHE_CONTROL = 'public, durable, s-maxage=31536000';

/** How many tags one purge request names. */
const TAGS_PER_PURGE = 500;

/**
 * The cache tag of a page: its path (the release's `en-usd/productsList/details/12.html` and the
 * request `/en-usd/productsList/details/12` are both `page:/en-usd/productsList/details/12`).
 */
export function pageTag(pathOrFile: string): string {
  const trimmed = pathOrFile
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '')
    .replace(/^\/+/, '');
  return `page:/${trimmed}`;
}

/** Whether a release file is a page the CDN keeps under its tag (the scripts and pictures have names that change with their content). */
export const isTaggedPage = (file: string) => file.endsWith('.html') || file.endsWith('.xml') || file.endsWith('.txt');

export class CdnPurgeError extends Error {
  readonly status: number;
  constructor(status: number, body: string) {
    super(`Netlify's purge API answered ${status}: ${body.slice(0, 200)}`);
    this.name = 'CdnPurgeError';
    this.status = status;
  }
}

/** Drops the pages among `files` (release paths that changed) from Netlify's cache; answers how many tags it sent. */
export async function purgeChangedPages(settings: CdnSettings, files: string[]): Promise<number> {
  const tags = [...new Set(files.filter(isTaggedPage).map(pageTag))];
  for (let start = 0; start < tags.length; start += TAGS_PER_PURGE) {
    const response = await fetch(new URL('/api/v1/purge', settings.apiUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ site_id: settings.siteId, cache_tags: tags.slice(start, start + TAGS_PER_PURGE) }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new CdnPurgeError(response.status, await response.text());
  }
  return tags.length;
}
