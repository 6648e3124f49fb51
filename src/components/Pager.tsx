import type { Translate } from '@/lib/i18n/ui';

type Props = {
  t: Translate;
  pageNum: number;
  total: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  /** The page's own URL: previous and next are then links, followed before the island wakes and turned in place after. */
  hrefOf?: (pageNum: number) => string;
};

/** Previous / next paging under a list; nothing when everything fits on one page. */
export function Pager({ t, pageNum, total, pageSize, onPage, hrefOf }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const label = t('list.page', { page: pageNum, pages });
  const turn = (to: number, text: string) =>
    hrefOf && to >= 1 && to <= pages ? (
      <a
        className="button button--ghost"
        href={hrefOf(to)}
        onClick={(event) => {
          event.preventDefault();
          onPage(to);
        }}
      >
        {text}
      </a>
    ) : (
      <button type="button" className="button button--ghost" disabled={to < 1 || to > pages} onClick={() => onPage(to)}>
        {text}
      </button>
    );
  return (
    <nav className="pager" aria-label={label}>
      {turn(pageNum - 1, t('list.previous'))}
      <span>{label}</span>
      {turn(pageNum + 1, t('list.next'))}
    </nav>
  );
}
