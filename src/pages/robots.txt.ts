import type { APIRoute } from 'astro';
import { catalogueSnapshot } from '@/publish/page-snapshot';

/** Where crawlers may go, and the sitemap at the shop's public origin: the Sitemaps protocol wants an absolute URL. */
export const GET: APIRoute = async () => {
  const origin = (await catalogueSnapshot()).settings.publicOrigin;
  const disallowed = ['/api/', '/my/', '/order/', '/pay', '/sign', '/shoppingCart'];
  return new Response(
    ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), `Sitemap: ${origin}/sitemap.xml`, ''].join(
      '\n',
    ),
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
};
