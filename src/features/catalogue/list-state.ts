import { SEARCH_MAX_LENGTH, productSorts, type ProductSort } from './catalogue';

/*
 * What the product list shows beyond its category, kept in the page's query so that a reload, a
 * shared link and back/forward show the same list: `/productsList?category=toys&q=silk&sort=newest&page=2`.
 */

export type ListState = { q: string; sort: ProductSort; pageNum: number };

export const defaultListState: ListState = { q: '', sort: 'recommended', pageNum: 1 };

const PAGE_MAX = 10_000;

/**
 * The list state a query string asks for; anything unreadable falls back to the default, and a longer
 * search than the API takes (from a hand-made URL) is cut rather than refused.
 */
export function readListState(search: string): ListState {
  const query = new URLSearchParams(search);
  const sort = query.get('sort') ?? '';
  const pageNum = Number(query.get('page'));
  return {
    q: (query.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    sort: (productSorts as readonly string[]).includes(sort) ? (sort as ProductSort) : defaultListState.sort,
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 && pageNum <= PAGE_MAX ? pageNum : defaultListState.pageNum,
  };
}

/**
 * `href` (a URL, or a path and query) with the list state written into its query, as a path and query;
 * defaults are left out, other parameters kept.
 */
export function writeListState(href: string, state: ListState): string {
  const url = new URL(href, 'http://localhost');
  const set = (name: string, value: string, fallback: string) =>
    value === fallback ? url.searchParams.delete(name) : url.searchParams.set(name, value);
  set('q', state.q, defaultListState.q);
  set('sort', state.sort, defaultListState.sort);
  set('page', String(state.pageNum), String(defaultListState.pageNum));
  return `${url.pathname}${url.search}${url.hash}`;
}

export const isDefaultListState = (state: ListState) =>
  state.q === defaultListState.q && state.sort === defaultListState.sort && state.pageNum === defaultListState.pageNum;
