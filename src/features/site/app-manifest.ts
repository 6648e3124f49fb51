import { translatorFor } from '@/lib/i18n/ui';
import { languageTags, type Language } from '@/lib/locale';

/** The shop's theme colour (the plum of global.css): the layout's theme-color and the manifest's. */
export const THEME_COLOR = '#6b2745';

/** The manifest's address for a language; the layout links the one of the page's language. */
export const manifestPath = (language: Language) => `/manifest-${language.toLowerCase()}.webmanifest`;

/**
 * The web app manifest of one language: installable on a phone, named in that language, opening the
 * shop in that language. Icons come from scripts/make-icons.ts.
 */
export function appManifest(language: Language) {
  const t = translatorFor(language);
  return {
    id: '/',
    name: t('app.name'),
    short_name: t('app.shortName'),
    description: t('site.tagline'),
    lang: languageTags[language],
    start_url: `/?lang=${language.toLowerCase()}`,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
