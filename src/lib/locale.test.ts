import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { createTranslator, pickMessages, translatorFor } from './i18n/ui';
import { formatNumber, formatRating, languages, languageTags, parseCurrency, parseLanguage } from './locale';

describe('Language and Currency headers', () => {
  it('accept the known values in any letter case', () => {
    expect(parseLanguage('zh')).toBe('ZH');
    expect(parseLanguage(' MS ')).toBe('MS');
    expect(parseCurrency('myr')).toBe('MYR');
  });

  it('fall back to EN and USD for anything unknown or missing, never an error', () => {
    expect(parseLanguage(undefined)).toBe('EN');
    expect(parseLanguage('fr')).toBe('EN');
    expect(parseLanguage('')).toBe('EN');
    expect(parseCurrency(null)).toBe('USD');
    expect(parseCurrency('EUR')).toBe('USD');
  });
});

describe('numbers, ratings and counts as each language writes them', () => {
  it('group thousands in messages and leave a number passed as text alone', () => {
    expect(translatorFor('EN')('energy.pointsValue', { points: 100000 })).toBe('100,000 points');
    expect(translatorFor('ZH')('energy.pointsValue', { points: 12478 })).toBe('12,478 能量点');
    expect(translatorFor('MS')('energy.pointsValue', { points: 12478 })).toBe('12,478 mata');
    expect(translate('EN', 'mail.recharge.subject', { points: 5000 })).toBe('Your 5,000 energy points have arrived');
    expect(translatorFor('EN')('footer.rights', { year: '2026' })).toContain('2026');
  });

  it('write a whole number under a thousand as Intl does in each language, without asking it', () => {
    for (const language of languages) {
      const intl = new Intl.NumberFormat(languageTags[language]);
      for (const value of [0, 7, -42, 999, -999, 1000, 12478, 2.5])
        expect(formatNumber(value, languageTags[language])).toBe(intl.format(value));
    }
  });

  it('write a rating with one decimal', () => {
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(4.25, 'zh-CN')).toBe('4.3');
    expect(formatRating(3.5, 'ms')).toBe('3.5');
  });

  it('say "1 review" and "2 reviews" in English, and the one form Chinese and Malay have', () => {
    const english = translatorFor('EN');
    expect(english('product.reviewCount', { count: 1 })).toBe('1 review');
    expect(english('product.reviewCount', { count: 2 })).toBe('2 reviews');
    expect(english('product.reviewCount', { count: 0 })).toBe('0 reviews');
    expect(createTranslator(pickMessages('EN', ['cart.']))('cart.items', { count: 1 })).toBe('1 item');
    expect(createTranslator(pickMessages('EN', ['cart.']))('cart.items', { count: 1200 })).toBe('1,200 items');
    expect(translatorFor('ZH')('product.reviewCount', { count: 1 })).toBe('1 条评价');
    expect(translatorFor('MS')('product.reviewCount', { count: 2 })).toBe('2 ulasan');
  });
});
