import { useState, type FormEvent } from 'react';
import { rejectionReasons, reviewStates, type RejectionReason, type ReviewState } from '@/features/reviews/reviews';
import type { ModeratedReview } from '@/features/reviews/reviews.schema';
import { languageNames } from '@/lib/locale';
import { adminCall } from '../admin-api';
import { dateTime, ErrorText, Pager, useAdminPage, useBackOfficeLanguage } from '../ui';

/*
 * Review moderation: the queue of new and edited reviews, oldest first, and every review by state,
 * product and rating. Approving shows a review on the storefront (the pages at the next publish);
 * a rejection's reason goes to the audit log only, and its author still sees her review.
 */

type Filters = { state: ReviewState; q: string; rating: string };

export default function BackOfficeReviews() {
  const { t } = useBackOfficeLanguage();
  const [filters, setFilters] = useState<Filters>({ state: 'pending', q: '', rating: '' });
  const [reload, setReload] = useState(0);
  const { page, setPageNum, error } = useAdminPage<ModeratedReview>('/reviews', filters, reload);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Reviews decided on this page of the list, by their new state: they leave it with the notice, before it is read again. */
  const [decided, setDecided] = useState<{ on: typeof page; states: ReadonlyMap<number, ReviewState> }>({
    on: null,
    states: new Map(),
  });
  const shown = page?.list.filter(
    (review) => ((decided.on === page && decided.states.get(review.commentId)) || review.state) === filters.state,
  );

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({
      state: String(form.get('state')) as ReviewState,
      q: String(form.get('q')).trim(),
      rating: String(form.get('rating')),
    });
    setPageNum(1);
  };

  const decide = async (review: ModeratedReview, decision: 'approve' | 'reject', reason?: RejectionReason) => {
    setActionError(null);
    try {
      await adminCall(`/reviews/${decision}`, { commentId: review.commentId, ...(reason && { reason }) });
      const state: ReviewState = decision === 'approve' ? 'approved' : 'rejected';
      setDecided((before) => ({
        on: page,
        states: new Map(before.on === page ? before.states : []).set(review.commentId, state),
      }));
      setNotice(
        t(decision === 'approve' ? 'admin.reviews.approved' : 'admin.reviews.rejected', { id: review.commentId }),
      );
      setReload((count) => count + 1);
    } catch (caught) {
      setActionError((caught as Error).message);
    }
  };

  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title">{t('admin.frame.section.reviews')}</h1>
      <form className="backoffice__filters" onSubmit={applyFilters} role="search">
        <label className="field">
          <span>{t('admin.reviews.state')}</span>
          <select name="state" defaultValue={filters.state}>
            {reviewStates.map((state) => (
              <option key={state} value={state}>
                {t(`admin.reviews.state.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.reviews.product')}</span>
          <input name="q" type="search" defaultValue={filters.q} />
        </label>
        <label className="field">
          <span>{t('admin.reviews.rating')}</span>
          <select name="rating" defaultValue={filters.rating}>
            <option value="">{t('admin.reviews.any')}</option>
            {[5, 4, 3, 2, 1].map((rating) => (
              <option key={rating} value={rating}>
                {rating} ★
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          {t('admin.reviews.find')}
        </button>
      </form>
      <ErrorText error={error ?? actionError} />
      {notice && (
        <p className="notice notice--ok" role="status">
          {notice}
        </p>
      )}
      {page && shown?.length === 0 && <p>{t('admin.reviews.none')}</p>}
      {page && shown && shown.length > 0 && (
        <>
          <ul className="backoffice__reviews">
            {shown.map((review) => (
              <ReviewCard key={review.commentId} review={review} onDecide={decide} />
            ))}
          </ul>
          <Pager page={page} onPage={setPageNum} />
        </>
      )}
    </section>
  );
}

function ReviewCard({
  review,
  onDecide,
}: {
  review: ModeratedReview;
  onDecide: (review: ModeratedReview, decision: 'approve' | 'reject', reason?: RejectionReason) => Promise<void>;
}) {
  const { t } = useBackOfficeLanguage();
  const [reason, setReason] = useState<RejectionReason>('off-topic');
  const headingId = `review-${review.commentId}`;
  return (
    <li className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="backoffice__review-title">
        {review.goodsName} (#{review.goodsId}) · {'★'.repeat(review.rating)}
        {'☆'.repeat(5 - review.rating)}
      </h2>
      <p className="field-hint">
        {t('admin.reviews.review', { id: review.commentId })} · {t(`admin.reviews.state.${review.state}`)} ·{' '}
        {languageNames[review.language]} · {t(review.verified ? 'admin.reviews.verified' : 'admin.reviews.notVerified')}{' '}
        · {t('admin.reviews.shownAs', { name: review.authorName || t('admin.reviews.verified') })} ·{' '}
        {t('admin.reviews.written', { when: dateTime(review.createTime, t.languageTag) })}
        {review.editTime && ` · ${t('admin.reviews.edited', { when: dateTime(review.editTime, t.languageTag) })}`}
      </p>
      {review.title && (
        <p>
          <strong lang={review.language.toLowerCase()}>{review.title}</strong>
        </p>
      )}
      <p lang={review.language.toLowerCase()} className="backoffice__review-text">
        {review.content}
      </p>
      <div className="form-actions">
        {review.state !== 'approved' && (
          <button className="button" type="button" onClick={() => void onDecide(review, 'approve')}>
            {t('admin.reviews.approve')}
          </button>
        )}
        {review.state !== 'rejected' && (
          <>
            <label className="field">
              <span>{t('admin.reviews.reason')}</span>
              <select value={reason} onChange={(event) => setReason(event.currentTarget.value as RejectionReason)}>
                {rejectionReasons.map((code) => (
                  <option key={code} value={code}>
                    {t(`admin.reviews.reason.${code}`)}
                  </option>
                ))}
              </select>
            </label>
            <button
              className="button button--ghost"
              type="button"
              onClick={() => void onDecide(review, 'reject', reason)}
            >
              {t('admin.reviews.reject')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
