import { describe, expect, it } from 'vitest';
import * as ErrorCode from '../error-codes';
import { languages } from '../locale';
import { dictionaries, translate } from '.';
import { en } from './en';
import { uiDictionaries } from './ui';
import { uiEn } from './ui-en';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('dictionaries', () => {
  it.each(languages)('%s has every key, each a non-empty string with the same placeholders as English', (language) => {
    const dictionary = dictionaries[language] as Record<string, unknown>;
    for (const key of Object.keys(en)) {
      expect(typeof dictionary[key], `${language} ${key}`).toBe('string');
      expect((dictionary[key] as string).trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(dictionary[key] as string), `${language} ${key}`).toEqual(
        placeholders(en[key as keyof typeof en]),
      );
    }
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(languages)('%s has every storefront string of English, with the same placeholders', (language) => {
    const dictionary = uiDictionaries[language] as Record<string, unknown>;
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(uiEn).sort());
    for (const [key, english] of Object.entries(uiEn)) {
      expect(
        typeof dictionary[key] === 'string' && (dictionary[key] as string).trim() !== '',
        `${language} ${key}`,
      ).toBe(true);
      expect(placeholders(dictionary[key] as string), `${language} ${key}`).toEqual(placeholders(english));
    }
  });

  it('has a message for every code of the error catalogue', () => {
    for (const code of Object.values(ErrorCode).filter((code) => code !== ErrorCode.Success))
      expect(Object.keys(en)).toContain(`code.${code}`);
  });

  it('fills placeholders', () => {
    expect(translate('EN', 'code.-218.field', { field: 'email' })).toBe('Invalid value for email');
    expect(translate('ZH', 'code.-218.field', { field: 'email' })).toContain('email');
  });
});
