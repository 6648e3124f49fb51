import { useState } from 'react';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { productSorts, type Category, type ProductSort } from './catalog';
import type { ProductPage } from './catalog.schema';
import { ProductCard, apiPicture, type CardPicture } from './ProductCard';

type Props = {
  category: Category | null;
  /** The first page, prebuilt, with its optimised pictures. */
  initialPage: ProductPage;
  initialPictures: (CardPicture | null)[];
  messages: Messages;
};

/** The product grid with sorting and paging; the first page comes prebuilt, others from the API. */
export default function ProductListBrowser({ category, initialPage, initialPictures, messages }: Props) {
  const t = createTranslator(messages);
  const [sort, setSort] = useState<ProductSort>('recommended');
  const [page, setPage] = useState(initialPage);
  const [pictures, setPictures] = useState(initialPictures);
  const [loading, setLoading] = useState(false);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));

  async function show(nextSort: ProductSort, pageNum: number) {
    setSort(nextSort);
    setLoading(true);
    const result = await api.get<ProductPage>('goods/queryProductList', {
      searchParams: { sort: nextSort, pageNum, pageSize: initialPage.pageSize, ...(category ? { category } : {}) },
    });
    setLoading(false);
    if (!isSuccess(result)) return;
    setPage(result.data);
    setPictures(result.data.list.map(apiPicture));
    document.getElementById('product-list')?.scrollIntoView({ block: 'start' });
  }

  return (
    <div id="product-list" className="product-list" aria-busy={loading}>
      <div className="product-list__tools">
        <label htmlFor="product-sort">{t('list.sort')}</label>
        <select id="product-sort" value={sort} onChange={(event) => void show(event.target.value as ProductSort, 1)}>
          {productSorts.map((option) => <option key={option} value={option}>{t(`list.sort.${option}`)}</option>)}
        </select>
      </div>
      {page.list.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className="product-grid">
          {page.list.map((product, index) => (
            <li key={product.goodsId}>
              <ProductCard product={product} picture={pictures[index] ?? null} t={t} eager={index < 2 && page.pageNum === 1} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t('list.page', { page: page.pageNum, pages })}>
          <button type="button" className="button button--ghost" disabled={page.pageNum <= 1 || loading} onClick={() => void show(sort, page.pageNum - 1)}>
            {t('list.previous')}
          </button>
          <span>{t('list.page', { page: page.pageNum, pages })}</span>
          <button type="button" className="button button--ghost" disabled={page.pageNum >= pages || loading} onClick={() => void show(sort, page.pageNum + 1)}>
            {t('list.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
