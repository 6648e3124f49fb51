import type { Language } from '../locale';
import { en, type Dictionary, type MessageKey } from './en';
import { ms } from './ms';
import { zh } from './zh';

export type { Dictionary, MessageKey };

export const dictionaries: Record<Language, Dictionary> = { EN: en, ZH: zh, MS: ms };

/** The string for `key` in `language`, with `{name}` placeholders filled from `params`. */
export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = dictionaries[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
