import type { Language } from '../locale';
import { dictionaries, type MessageKey } from '.';
import { uiEn, type UiDictionary, type UiMessageKey } from './ui-en';
import { uiMs } from './ui-ms';
import { uiZh } from './ui-zh';

export type { UiDictionary, UiMessageKey };
export type AnyMessageKey = UiMessageKey | MessageKey;
/** The strings an island needs, in the page's language only. */
export type Messages = Partial<Record<AnyMessageKey, string>>;
export type Translate = (key: AnyMessageKey, params?: Record<string, string | number>) => string;

export const uiDictionaries: Record<Language, UiDictionary> = { EN: uiEn, ZH: uiZh, MS: uiMs };

const fill = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** Every string of a language, merged once (a build renders thousands of pages per language). */
const merged = new Map<Language, Record<string, string>>();
const allStrings = (language: Language) => {
  let all = merged.get(language);
  if (!all) merged.set(language, (all = { ...dictionaries[language], ...uiDictionaries[language] } as Record<string, string>));
  return all;
};

/** Build time: every string of a language. */
export function translatorFor(language: Language): Translate {
  const all = allStrings(language);
  return (key, params) => fill(all[key] ?? key, params);
}

const picked = new Map<string, Messages>();

/** The strings whose keys start with one of `prefixes`, to hand to an island as a prop. */
export function pickMessages(language: Language, prefixes: readonly string[]): Messages {
  const cacheKey = `${language}:${prefixes.join('|')}`;
  let messages = picked.get(cacheKey);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(allStrings(language)).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));
    picked.set(cacheKey, messages);
  }
  return messages;
}

/** In an island: translates with the strings it was handed; a key it was not handed shows as itself. */
export function createTranslator(messages: Messages): Translate {
  return (key, params) => fill(messages[key] ?? key, params);
}
