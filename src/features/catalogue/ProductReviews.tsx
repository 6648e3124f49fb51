import { useEffect, useState } from 'react';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { languages, languageTags, type Language } from '@/lib/locale';
import type { CommentPage } from './catalogue.schema';

type Comment = CommentPage['list'][number];
type Props = { goodsId: number; language: Language; initial: CommentPage; messages: Messages };

/**
 * The details page's reviews: prebuilt from the last publish, then read live from the API, so an
 * approved review shows at once. Those in the page's language come first; the others wait behind
 * "Reviews in other languages". "More reviews" reads the next page.
 */
export default function ProductReviews({ goodsId, language, initial, messages }: Props) {
  const t = createTranslator(messages);
  const [pages, setPages] = useState<CommentPage[]>([initial]);
  const loaded = pages.flatMap((page) => page.list);
  const last = pages[pages.length - 1] ?? initial;
  const total = last.total;

  const read = (pageNum: number) => readComments(goodsId, pageNum, initial.pageSize);

  useEffect(() => {
    void readComments(goodsId, 1, initial.pageSize).then((result) => {
      if (isSuccess(result)) setPages([result.data]);
    });
  }, [goodsId, initial.pageSize]);

  async function more() {
    const result = await read(last.pageNum + 1);
    if (isSuccess(result)) setPages([...pages, result.data]);
  }

  if (loaded.length === 0) return <p>{t('product.noReviews')}</p>;
  const own = loaded.filter((comment) => comment.language === language);
  const others = loaded.filter((comment) => comment.language !== language);
  return (
    <>
      {own.length > 0 && <ReviewList comments={own} language={language} t={t} />}
      {others.length > 0 && (
        <details className="other-reviews" open={own.length === 0}>
          <summary>{t('product.otherLanguages', { count: others.length })}</summary>
          <ReviewList comments={others} language={language} t={t} />
        </details>
      )}
      {loaded.length < total && (
        <button type="button" className="button button--ghost" onClick={() => void more()}>
          {t('product.moreReviews')}
        </button>
      )}
    </>
  );
}

const readComments = (goodsId: number, pageNum: number, pageSize: number) =>
  api.get<CommentPage>('goods/comment/getProductCommentList', {
    searchParams: { goodsId, pageNum, pageSize },
    quiet: true,
  });

function ReviewList({
  comments,
  language,
  t,
}: {
  comments: Comment[];
  language: Language;
  t: ReturnType<typeof createTranslator>;
}) {
  return (
    <ul className="review-list">
      {comments.map((comment) => {
        const written = (languages as readonly string[]).includes(comment.language)
          ? (comment.language as Language)
          : null;
        return (
          <li key={comment.commentId}>
            <p className="stars">
              <span role="img" aria-label={t('product.rating', { rating: comment.rating })}>
                {'★'.repeat(comment.rating)}
                {'☆'.repeat(5 - comment.rating)}
              </span>
            </p>
            {written && written !== language && (
              <p className="review-language product-card__muted">{t(`product.reviewIn.${written}`)}</p>
            )}
            {comment.title && (
              <p className="review-list__title" lang={written ? languageTags[written] : undefined}>
                {comment.title}
              </p>
            )}
            <p lang={written ? languageTags[written] : undefined}>{comment.content}</p>
            <p className="product-card__muted">
              {comment.authorName && <>{comment.authorName} · </>}
              {comment.verified && <span className="verified-buyer">✓ {t('product.verifiedBuyer')} · </span>}
              <time dateTime={comment.createTime}>{comment.createTime.slice(0, 10)}</time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
