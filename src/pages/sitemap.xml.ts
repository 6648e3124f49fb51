import type { APIRoute } from 'astro';
import { categories } from '@/lib/categories';
import { catalogueSnapshot } from '@/publish/page-snapshot';
import { languageTags, languages } from '@/lib/locale';

/** Every public page in each language (`?lang=`), with its language alternates and the x-default. */
export const GET: APIRoute = async () => {
  const { products, settings } = await catalogueSnapshot();
  const origin = settings.publicOrigin;
  const paths = [
    '/',
    '/productsList',
    '/apply-text',
    '/privacy',
    ...categories.map((category) => `/productsList?category=${category}`),
    ...products.map((product) => `/productsList/details?id=${product.goodsId}`),
  ];
  const withLanguage = (path: string, language: string) =>
    `${origin}${path}${path.includes('?') ? '&' : '?'}lang=${language.toLowerCase()}`;
  const escape = (url: string) => url.replace(/&/g, '&amp;');
  // Each language's page is a URL of its own (its canonical), naming the others and the language-neutral x-default.
  const urls = paths.flatMap((path) => {
    const alternates = [
      ...languages.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${languageTags[language]}" href="${escape(withLanguage(path, language))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + path)}"/>`,
    ].join('\n');
    return languages.map(
      (language) => `  <url>
    <loc>${escape(withLanguage(path, language))}</loc>
${alternates}
  </url>`,
    );
  });
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`,
    { headers: { 'Content-Type': 'application/xml' } },
  );
};
