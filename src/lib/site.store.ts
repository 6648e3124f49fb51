import { atom } from 'nanostores';
import { SITE_COOKIE } from './locale';
import { storedAtom } from './browser-storage';
import { currencies, defaultCurrency, defaultLanguage, languages, type Currency, type Language } from './locale';

/** The browser's site info (spec §3); the `site` cookie mirrors it so the CDN serves the right pages. */
export type SiteInfo = { languageAbbreviation: Language; currencyAbbreviation: Currency; siteAbbreviation: string };

const STORAGE_KEY = 'site-info';
const CURRENCY_RELOAD_DELAY_MS = 300;

const $storedSite = storedAtom<Partial<SiteInfo>>(STORAGE_KEY, {}, { listen: false });

/**
 * Starts as the page: `<html data-language data-currency>` says what it was built for, so an island
 * that calls the API before the shell has started still asks in the page's language and currency.
 * Another tab's choice shows from this tab's next page on (the page's words are in its own language),
 * so the stored site info does not follow other tabs.
 */
export const $site = atom<SiteInfo>(pageSite());

function pageSite(): SiteInfo {
  const site: SiteInfo = {
    languageAbbreviation: defaultLanguage,
    currencyAbbreviation: defaultCurrency,
    siteAbbreviation: 'US',
  };
  if (typeof document === 'undefined') return site;
  const { language, currency } = document.documentElement.dataset;
  return {
    ...site,
    ...$storedSite.get(),
    ...(languages.includes(language as Language) && { languageAbbreviation: language as Language }),
    ...(currencies.includes(currency as Currency) && { currencyAbbreviation: currency as Currency }),
  };
}

/** A language or currency chosen on this page, which its reload is about to show. */
let chosen = false;

/**
 * The stored site info and the `site` cookie follow the page (`$site` started as the page), unless a
 * choice made before start-up ran (a tap while the page woke) is already on its way.
 */
export function startSite() {
  if (!chosen) saveSite($site.get());
}

function saveSite(site: SiteInfo) {
  $site.set(site);
  $storedSite.set(site);
  document.cookie = `${SITE_COOKIE}=${site.languageAbbreviation}-${site.currencyAbbreviation}; path=/; max-age=31536000; samesite=lax`;
}

/** The regional site the API names for this language and currency (`site/getSiteInfo`). */
export function setSiteAbbreviation(siteAbbreviation: string) {
  if ($site.get().siteAbbreviation !== siteAbbreviation) saveSite({ ...$site.get(), siteAbbreviation });
}

export const changeLanguage = (language: Language) => chooseSite({ language });
export const changeCurrency = (currency: Currency) => chooseSite({ currency });

/**
 * The language and/or currency a person chose (in the header, or before it woke): stored, then the page
 * reloads in them; a change of currency alone reloads after 300 ms (spec §4).
 */
export function chooseSite({ language, currency }: { language?: Language; currency?: Currency }) {
  chosen = true;
  saveSite({
    ...$site.get(),
    ...(language && { languageAbbreviation: language }),
    ...(currency && { currencyAbbreviation: currency }),
  });
  const reload = () => reloadWithout([...(language ? ['lang'] : []), ...(currency ? ['currency'] : [])]);
  if (language) reload();
  else setTimeout(reload, CURRENCY_RELOAD_DELAY_MS);
}

/** Reloads the page in the stored choice: a link's `?lang=`/`?currency=` would pick the page over the cookie again. */
function reloadWithout(parameters: string[]) {
  const url = new URL(location.href);
  if (!parameters.some((parameter) => url.searchParams.has(parameter))) return location.reload();
  for (const parameter of parameters) url.searchParams.delete(parameter);
  location.replace(url);
}
