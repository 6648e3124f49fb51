import { atom } from 'nanostores';
import { api, isSuccess } from '@/lib/api-client';
import { currencies, languages, type Currency, type Language } from '@/lib/locale';
import { $site, changeCurrency, setSiteAbbreviation } from '@/lib/site.store';
import type { CurrencyOption, LanguageOption, SiteInfo } from './site.schema';

/**
 * What the shop offers today, read at start-up (spec §4) so an operator's change shows without a
 * rebuild. Until the answers come the selectors show the prebuilt lists (all of them). The three
 * reads are public and the browser keeps them a minute (`Cache-Control`, src/server/http/cache.ts),
 * so a page after the first costs no round trip.
 */
export const $languageOptions = atom<readonly Language[]>(languages);
export const $currencyOptions = atom<readonly Currency[]>(currencies);

/** The footer's line for the record or filing number: empty unless this host has one. */
export const RECORD_NUMBER_ID = 'record-number';

export async function loadSiteOptions() {
  const [site, languageList, currencyList] = await Promise.all([
    api.get<SiteInfo>('site/getSiteInfo', { quiet: true }),
    api.get<LanguageOption[]>('language/queryLanguageOptionList', { quiet: true }),
    api.get<CurrencyOption[]>('currency/queryCurrencyOptionList', { quiet: true }),
  ]);
  if (isSuccess(site)) {
    setSiteAbbreviation(site.data.siteAbbreviation);
    showRecordNumber(site.data.recordNumbers);
  }
  if (isSuccess(languageList) && languageList.data.length > 0)
    $languageOptions.set(languageList.data.map((option) => option.abbreviation));
  if (isSuccess(currencyList) && currencyList.data.length > 0) {
    const offered = currencyList.data.map((option) => option.abbreviation);
    $currencyOptions.set(offered);
    // A currency switched off is not sold in any more: its visitors move to the first one offered.
    if (!offered.includes($site.get().currencyAbbreviation)) changeCurrency(offered[0]!);
  }
}

/** The number configured for the host this page is served from; the footer keeps its line's height either way. */
function showRecordNumber(recordNumbers: SiteInfo['recordNumbers']) {
  const line = document.getElementById(RECORD_NUMBER_ID);
  const host = location.hostname.toLowerCase();
  if (line) line.textContent = recordNumbers.find((record) => record.host === host)?.number ?? '';
}
