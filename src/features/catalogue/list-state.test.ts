import { describe, expect, it } from 'vitest';
import { defaultListState, isDefaultListState, readListState, writeListState } from './list-state';

describe('product list state in the URL', () => {
  it('reads the search, sort and page, trimming the search', () => {
    expect(readListState('?category=toys&q=%20silk%20robe%20&sort=price-asc&page=3')).toEqual({
      q: 'silk robe',
      sort: 'price-asc',
      pageNum: 3,
    });
  });

  it('falls back to the default for anything it cannot read', () => {
    expect(readListState('')).toEqual(defaultListState);
    expect(readListState('?sort=random&page=0')).toEqual(defaultListState);
    expect(readListState('?page=2.5').pageNum).toBe(1);
    expect(readListState('?page=-4').pageNum).toBe(1);
    expect(readListState(`?q=${'a'.repeat(80)}`).q).toHaveLength(60);
  });

  it('writes only what differs from the default and keeps the other parameters', () => {
    const href = 'http://shop.test/productsList?category=toys&lang=zh';
    expect(writeListState(href, { q: 'silk', sort: 'newest', pageNum: 2 })).toBe(
      '/productsList?category=toys&lang=zh&q=silk&sort=newest&page=2',
    );
    expect(writeListState('http://shop.test/productsList?q=silk&sort=newest&page=2', defaultListState)).toBe(
      '/productsList',
    );
    expect(isDefaultListState(readListState(writeListState(href, defaultListState).replace(/^[^?]*/, '')))).toBe(true);
  });

  it('reads back what it writes', () => {
    const state = { q: '桑蚕丝 & more', sort: 'rating' as const, pageNum: 7 };
    const written = writeListState('http://shop.test/productsList', state);
    expect(readListState(written.slice(written.indexOf('?')))).toEqual(state);
  });
});
