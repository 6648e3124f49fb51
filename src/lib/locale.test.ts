import { describe, expect, it } from 'vitest';
import { parseCurrency, parseLanguage } from './locale';

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
