import { useEffect, useRef, useState } from 'react';
import { countryName, DeliverTo } from '@/features/delivery/DeliverTo';
import { $destination } from '@/features/delivery/destination.store';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { useClientStore } from '@/lib/use-client-store';
import { productSorts, type ProductSort } from './catalogue';
import type { Category } from '@/lib/categories';
import type { ProductPage } from './catalogue.schema';
import { defaultListState, isDefaultListState, readListState, writeListState, type ListState } from './list-state';
import { fetchStock, isUnavailable } from './live-stock';
import { takeEarly } from '@/lib/early-taps';
import { ProductCard, apiPicture, type CardPicture, type CardProduct } from './ProductCard';
import { Pager } from '@/components/Pager';

type Props = {
  category: Category | null;
  /** The first page, prebuilt (what its cards show: `cardProduct`), with its optimised pictures. */
  initialPage: CardPage;
  initialPictures: (CardPicture | null)[];
  language: Language;
  messages: Messages;
};

type CardPage = Omit<ProductPage, 'list'> & { list: CardProduct[] };

/** Set by the page before the list shows when its URL asks for another list than the prebuilt one. */
const RESTORING_FLAG = 'listRestoring';

/**
 * The product grid with search, sorting and paging, kept in the URL's query. The first page comes
 * prebuilt; its stock, and every other page, come from the API.
 */
export default function ProductListBrowser({ category, initialPage, initialPictures, language, messages }: Props) {
  const t = createTranslator(messages);
  const destination = useClientStore($destination, null);
  /** The products of the page the shop does not sell to the shopper's country (sales rules), once asked. */
  const [notSold, setNotSold] = useState<ReadonlySet<number>>(new Set());
  const [state, setState] = useState<ListState>(defaultListState);
  const [page, setPage] = useState<CardPage>(initialPage);
  const [pictures, setPictures] = useState(initialPictures);
  /** Sold out now, by product id; null until the shop has answered. */
  const [soldOut, setSoldOut] = useState<Map<number, boolean> | null>(null);
  const [loading, setLoading] = useState(false);
  const latestRequest = useRef(0);

  /** The prebuilt pictures are optimised; keep them for products they show. */
  const prebuiltPicture = (goodsId: number) => {
    const index = initialPage.list.findIndex((product) => product.goodsId === goodsId);
    return index === -1 ? undefined : initialPictures[index];
  };

  async function show(next: ListState, history: 'push' | 'none') {
    const request = ++latestRequest.current;
    setState(next);
    setLoading(true);
    if (history === 'push') window.history.pushState(null, '', writeListState(location.href, next));
    const result = await api.get<ProductPage>('goods/queryProductList', {
      searchParams: {
        sort: next.sort,
        pageNum: next.pageNum,
        pageSize: initialPage.pageSize,
        ...(category ? { category } : {}),
        ...(next.q ? { q: next.q } : {}),
      },
    });
    if (request !== latestRequest.current) return;
    setLoading(false);
    delete document.documentElement.dataset[RESTORING_FLAG];
    if (!isSuccess(result)) return;
    const lastPage = Math.ceil(result.data.total / result.data.pageSize);
    if (result.data.list.length === 0 && next.pageNum > lastPage && lastPage >= 1) {
      // A page beyond the end (an old link): show the last one instead.
      const last = { ...next, pageNum: lastPage };
      window.history.replaceState(null, '', writeListState(location.href, last));
      return show(last, 'none');
    }
    setPage(result.data);
    setPictures(result.data.list.map((product) => prebuiltPicture(product.goodsId) ?? apiPicture(product)));
    setSoldOut(new Map(result.data.list.map((product) => [product.goodsId, !product.inStock])));
  }

  async function refreshStock() {
    const stock = await fetchStock(initialPage.list.map((product) => product.goodsId));
    if (stock) setSoldOut(new Map([...stock.values()].map((product) => [product.goodsId, isUnavailable(product)])));
  }

  // Once the destination is known, and whenever it or the page shown changes: which of its products are not sold there.
  useEffect(() => {
    let current = true;
    if (!destination) setNotSold(new Set());
    else {
      void fetchStock(
        page.list.map((product) => product.goodsId),
        destination,
      ).then((stock) => {
        if (current && stock)
          setNotSold(
            new Set([...stock.values()].filter((product) => product.notSoldThere).map((product) => product.goodsId)),
          );
      });
    }
    return () => {
      current = false;
    };
  }, [destination, page]);

  // Once: the handlers read the URL, not the render's state.
  useEffect(() => {
    const restore = () => {
      const asked = readListState(location.search);
      if (isDefaultListState(asked) && latestRequest.current === 0) {
        delete document.documentElement.dataset[RESTORING_FLAG];
        void refreshStock();
      } else void show(asked, 'none');
    };
    restore();
    // A sort chosen before the list woke (EarlyTaps.astro) is shown now.
    const sort = takeEarly('sort', productSorts);
    if (sort) turnTo({ ...readListState(location.search), sort, pageNum: 1 });
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, []);

  function turnTo(next: ListState) {
    void show(next, 'push').then(() => document.getElementById('product-list')?.scrollIntoView({ block: 'start' }));
  }

  const clearSearchHref = category ? `/productsList?category=${category}` : '/productsList';
  // A turn asked for while a page loads is taken, not dropped: the page asked for last is the one shown
  // (`latestRequest`), and the page it turns from is the one on screen, so a second press does not skip one.
  const turnPage = (pageNum: number) => turnTo({ ...state, pageNum });
  return (
    <div id="product-list" className="product-list" aria-busy={loading}>
      {state.q && !loading && (
        <p className="product-list__search" role="status">
          {t(page.total === 0 ? 'list.searchEmpty' : 'list.searchResults', { count: page.total, query: state.q })}{' '}
          <a href={clearSearchHref}>{t('list.clearSearch')}</a>
        </p>
      )}
      <div className="product-list__tools">
        <DeliverTo destination={destination} language={language} t={t} />
        <label htmlFor="product-sort">{t('list.sort')}</label>
        <select
          id="product-sort"
          data-early="sort"
          value={state.sort}
          onChange={(event) => turnTo({ ...state, sort: event.target.value as ProductSort, pageNum: 1 })}
        >
          {productSorts.map((option) => (
            <option key={option} value={option}>
              {t(`list.sort.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {page.list.length === 0 ? (
        !state.q && <p>{t('list.empty')}</p>
      ) : (
        <ul className="product-grid">
          {page.list.map((product, index) => (
            <li key={product.goodsId}>
              <ProductCard
                product={product}
                picture={pictures[index] ?? null}
                t={t}
                eager={index < 4 && page.pageNum === 1}
                priority={index < 4 && page.pageNum === 1}
                headingLevel={2}
                soldOut={soldOut ? (soldOut.get(product.goodsId) ?? null) : null}
                notSoldTo={
                  destination && notSold.has(product.goodsId) ? countryName(destination.country, language) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        t={t}
        pageNum={page.pageNum}
        total={page.total}
        pageSize={page.pageSize}
        onPage={turnPage}
        hrefOf={(pageNum) => writeListState(clearSearchHref, { ...state, pageNum })}
      />
    </div>
  );
}
