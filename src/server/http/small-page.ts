import { languageTags, type Language } from '@/lib/locale';

/** The look every small page the API serves shares (the newsletter's links, the test gateway). */
const baseStyle = `
  body { margin: 0; font-family: Arial, Helvetica, sans-serif; color: #2b2b2b; background: #faf6f7; line-height: 1.5; }
  main { max-width: 420px; margin: 32px auto; padding: 24px; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin: 0 0 8px; }`;

/**
 * A self-contained page served by the API, with no scripts and out of search engines: `title` and
 * `body` are HTML already escaped by the caller; `style` adds to the shared look, `before` goes above
 * the page's main part (a banner).
 */
export function renderSmallPage({
  language,
  title,
  body,
  style = '',
  before = '',
  referrer = true,
}: {
  language: Language;
  title: string;
  body: string;
  style?: string;
  before?: string;
  referrer?: boolean;
}): string {
  return `<!doctype html>
<html lang="${languageTags[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${referrer ? '' : '<meta name="referrer" content="no-referrer">\n'}<title>${title}</title>
<style>${baseStyle}${style}
</style>
</head>
<body>
${before}<main>
  <h1>${title}</h1>
  ${body}
</main>
</body>
</html>`;
}
