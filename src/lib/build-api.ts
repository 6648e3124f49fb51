import type { Currency, Language } from './locale';

/**
 * Reads the API while Astro builds the pages. The build runs against a live API
 * (`SHOP_API_ORIGIN`), the same one the browser calls later.
 */
export async function fetchFromApi<T>(path: string, site: { language: Language; currency: Currency }): Promise<T> {
  const origin = process.env.SHOP_API_ORIGIN ?? 'http://127.0.0.1:4321';
  const response = await fetch(`${origin}/api/v1${path}`, {
    headers: { Language: site.language, Currency: site.currency, Accept: 'application/json' },
  });
  const body = (await response.json()) as { code: number; data: T; message: string };
  if (body.code !== 1) throw new Error(`GET ${path} answered ${body.code}: ${body.message}`);
  return body.data;
}
