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

/** Build time: every string of a language. */
export function translatorFor(language: Language): Translate {
  const all = { ...dictionaries[language], ...uiDictionaries[language] } as Record<string, string>;
  return (key, params) => fill(all[key] ?? key, params);
}

/** The strings whose keys start with one of `prefixes`, to hand to an island as a prop. */
export function pickMessages(language: Language, prefixes: readonly string[]): Messages {
  const all = { ...dictionaries[language], ...uiDictionaries[language] } as Record<string, string>;
  return Object.fromEntries(Object.entries(all).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));
}

/** In an island: translates with the strings it was handed; a key it was not handed shows as itself. */
export function createTranslator(messages: Messages): Translate {
  return (key, params) => fill(messages[key] ?? key, params);
}
