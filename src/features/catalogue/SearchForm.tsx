import { useEffect, useRef } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import { SEARCH_MAX_LENGTH } from './catalogue';

type Props = { t: Translate; id: string; route: string };

/**
 * A search over the products' names and descriptions in the page's language. A plain GET form: the
 * results are the product list's own page, `/productsList?q=…`, in the visitor's language and currency.
 */
export function SearchForm({ t, id, route }: Props) {
  const input = useRef<HTMLInputElement>(null);

  // On the results, the box shows what was searched for (after hydration, so the prebuilt HTML agrees).
  useEffect(() => {
    if (route === '/productsList' && input.current)
      input.current.value = new URLSearchParams(location.search).get('q') ?? '';
  }, [route]);

  return (
    <form className="search-form" role="search" action="/productsList" method="get">
      <label className="visually-hidden" htmlFor={id}>
        {t('nav.searchLabel')}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('nav.searchLabel')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="icon-button" aria-label={t('nav.search')}>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z M20 20l-4-4" />
        </svg>
      </button>
    </form>
  );
}
