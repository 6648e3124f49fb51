import type { Translate } from '@/lib/i18n/ui';

type Props = { t: Translate; pageNum: number; total: number; pageSize: number; onPage: (pageNum: number) => void };

/** Previous / next paging under a list; nothing when everything fits on one page. */
export function Pager({ t, pageNum, total, pageSize, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const label = t('list.page', { page: pageNum, pages });
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--ghost"
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
      >
        {t('list.previous')}
      </button>
      <span>{label}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={pageNum >= pages}
        onClick={() => onPage(pageNum + 1)}
      >
        {t('list.next')}
      </button>
    </nav>
  );
}
