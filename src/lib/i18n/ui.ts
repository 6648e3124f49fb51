import { countedKey, fillMessage, languageTags, type Language } from '../locale';
import { dictionaries, type MessageKey } from '.';
import { uiEn, type UiDictionary, type UiMessageKey } from './ui-en';
import { uiMs } from './ui-ms';
import { uiZh } from './ui-zh';

export type { UiDictionary, UiMessageKey };
export type AnyMessageKey = UiMessageKey | MessageKey;
/** The language tag an island's strings are in, handed with them (numbers and plurals follow it). */
const LANGUAGE_TAG = '@languageTag';
/** The strings an island needs, in the page's language only, and the tag of that language. */
export type Messages = Partial<Record<AnyMessageKey | typeof LANGUAGE_TAG, string>>;
/** Translates a key; `languageTag` is the language it writes in, for numbers written outside a message (`formatRating`). */
export type Translate = ((key: AnyMessageKey, params?: Record<string, string | number>) => string) & {
  languageTag: string;
};

export const uiDictionaries: Record<Language, UiDictionary> = { EN: uiEn, ZH: uiZh, MS: uiMs };

/** The words of `key`, or `fallback` for a key the dictionaries do not have (a code or status the shop has no words for yet). */
export function wordsOr(t: Translate, key: string, fallback: string): string {
  const words = t(key as AnyMessageKey);
  return words === key ? fallback : words;
}

/** Every string of a language, merged once (a build renders thousands of pages per language). */
const merged = new Map<Language, Record<string, string>>();
const allStrings = (language: Language) => {
  let all = merged.get(language);
  if (!all)
    merged.set(language, (all = { ...dictionaries[language], ...uiDictionaries[language] } as Record<string, string>));
  return all;
};

/** Build time: every string of a language. */
export function translatorFor(language: Language): Translate {
  const all = allStrings(language);
  const tag = languageTags[language];
  const has = (key: string) => key in all;
  return Object.assign(
    (key: AnyMessageKey, params?: Record<string, string | number>) =>
      fillMessage(all[countedKey(key, params, tag, has)] ?? key, params, tag),
    { languageTag: tag },
  );
}

const picked = new Map<string, Messages>();
/** How each language writes a label before its value: any island may show one, so every island is handed it. */
const EVERY_ISLAND = 'site.labelled';

/** The strings whose keys start with one of `prefixes` (and `EVERY_ISLAND`'s), to hand to an island as a prop. */
export function pickMessages(language: Language, prefixes: readonly string[]): Messages {
  const cacheKey = `${language}:${prefixes.join('|')}`;
  let messages = picked.get(cacheKey);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(allStrings(language)).filter(
        ([key]) => key === EVERY_ISLAND || prefixes.some((prefix) => key.startsWith(prefix)),
      ),
    ) as Messages;
    messages[LANGUAGE_TAG] = languageTags[language];
    // Frozen: handed to island after island, its props text is written once (src/publish/island-props.ts).
    Object.freeze(messages);
    picked.set(cacheKey, messages);
  }
  return messages;
}

/** In an island: translates with the strings it was handed; a key it was not handed shows as itself. */
export function createTranslator(messages: Messages): Translate {
  const tag = messages[LANGUAGE_TAG] ?? languageTags.EN;
  const has = (key: string) => key in messages;
  return Object.assign(
    (key: AnyMessageKey, params?: Record<string, string | number>) =>
      fillMessage(messages[countedKey(key, params, tag, has)] ?? key, params, tag),
    { languageTag: tag },
  );
}
