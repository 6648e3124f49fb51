import { fillMessage, languageTags, type Language } from '../locale';
import { en, type Dictionary, type MessageKey } from './en';
import { ms } from './ms';
import { zh } from './zh';

export type { Dictionary, MessageKey };

export const dictionaries: Record<Language, Dictionary> = { EN: en, ZH: zh, MS: ms };

/** The string for `key` in `language`, with `{name}` placeholders filled from `params` (whole numbers as the language writes them). */
export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return fillMessage(dictionaries[language][key], params, languageTags[language]);
}
