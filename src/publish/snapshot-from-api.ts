import type { Currency, Language } from '@/lib/locale';

/**
 * Reads the API while Astro builds the pages on their own. The build runs against a live API
 * (`apiOrigin`, the build settings' SHOP_API_ORIGIN), the same one the browser calls later.
 */
export async function fetchFromApi<T>(
  apiOrigin: string,
  path: string,
  site: { language: Language; currency: Currency },
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${apiOrigin}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Language: site.language,
      Currency: site.currency,
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await response.json()) as { code: number; data: T; message: string };
  if (body.code !== 1) throw new Error(`${init.method ?? 'GET'} ${path} answered ${body.code}: ${body.message}`);
  return body.data;
}
