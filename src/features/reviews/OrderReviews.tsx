import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { $user } from '@/features/auth/user.store';
import { api, isSuccess, warnOf } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { showToast } from '@/lib/toast.store';
import {
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  reviewerName,
  reviewerNamings,
  type ReviewerNaming,
} from './reviews';
import type { OrderReviews as OrderReviewsData, OwnReview } from './reviews.schema';

type Item = OrderReviewsData['items'][number];
type Translate = ReturnType<typeof createTranslator>;

/**
 * The order page's reviews (#reviews): once the order is signed for or completed, each size in it can
 * be reviewed once; the customer sees her reviews with their state, edits or withdraws them.
 */
export default function OrderReviews({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const [data, setData] = useState<OrderReviewsData | null>(null);
  const orderId = typeof location === 'undefined' ? 0 : Number(new URLSearchParams(location.search).get('orderId'));

  useEffect(() => {
    void api.get<OrderReviewsData>('reviews/order', { searchParams: { orderId }, quiet: true }).then((result) => {
      if (isSuccess(result)) setData(result.data);
    });
  }, [orderId]);

  useEffect(() => {
    // The review request mail's link ends in #reviews: bring the form into view once it is there.
    if (data?.reviewable && location.hash === '#reviews') document.getElementById('reviews')?.scrollIntoView();
  }, [data]);

  // A recharge has no sizes; an order not yet received shows only the reviews she already wrote of its sizes.
  if (!data || data.items.length === 0 || (!data.reviewable && data.items.every((item) => !item.review))) return null;
  const replace = (item: Item, review: OwnReview | null) =>
    setData({ ...data, items: data.items.map((entry) => (entry === item ? { ...entry, review } : entry)) });

  return (
    <section className="order-reviews" aria-labelledby="reviews">
      <h2 id="reviews">{t('review.title')}</h2>
      <p className="field-hint">{t('review.intro')}</p>
      <ul className="order-reviews__items">
        {data.items.map((item) => (
          <ReviewItem
            key={item.goodsSpecificationId}
            item={item}
            orderId={orderId}
            reviewable={data.reviewable}
            t={t}
            onChange={(review) => replace(item, review)}
          />
        ))}
      </ul>
    </section>
  );
}

function ReviewItem({
  item,
  orderId,
  reviewable,
  t,
  onChange,
}: {
  item: Item;
  orderId: number;
  reviewable: boolean;
  t: Translate;
  onChange: (review: OwnReview | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  const review = item.review;
  const headingId = `review-item-${item.goodsSpecificationId}`;

  async function withdraw() {
    if (!review) return;
    const result = await api.post('reviews/withdraw', { commentId: review.commentId });
    if (!isSuccess(result)) return warnOf(result);
    onChange(null);
    showToast('success', t('review.withdrawn'));
  }

  return (
    <li className="order-reviews__item" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-reviews__product">
        {item.goodsName} <span className="cart-line__spec">{item.specificationName}</span>
      </h3>
      {editing ? (
        <ReviewForm
          item={item}
          orderId={orderId}
          t={t}
          onSaved={(saved) => {
            setEditing(false);
            onChange(saved);
            showToast('success', t('review.saved'));
          }}
          onCancel={() => setEditing(false)}
        />
      ) : review ? (
        <div className="order-reviews__mine">
          <p>
            <span className={`review-state review-state--${review.state}`} data-testid="review-state">
              {t(`review.state.${review.state}`)}
            </span>
          </p>
          <p className="stars">
            <span role="img" aria-label={t('review.stars', { rating: review.rating })}>
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </span>
          </p>
          {review.title && (
            <p>
              <strong>{review.title}</strong>
            </p>
          )}
          <p className="order-reviews__text">{review.content}</p>
          <p className="field-hint">
            {t('review.shownAsNow', { name: review.authorName || t('review.verifiedBuyer') })}
          </p>
          <div className="form-actions">
            <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)}>
              {t('review.edit')}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => void withdraw()}>
              {t('review.withdraw')}
            </button>
          </div>
        </div>
      ) : reviewable ? (
        <button type="button" className="button button--small" onClick={() => setEditing(true)}>
          {t('review.write')}
        </button>
      ) : null}
    </li>
  );
}

function ReviewForm({
  item,
  orderId,
  t,
  onSaved,
  onCancel,
}: {
  item: Item;
  orderId: number;
  t: Translate;
  onSaved: (review: OwnReview) => void;
  onCancel: () => void;
}) {
  const user = useStore($user);
  const review = item.review;
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [title, setTitle] = useState(review?.title ?? '');
  const [content, setContent] = useState(review?.content ?? '');
  const [shownAs, setShownAs] = useState<ReviewerNaming>(review?.shownAs ?? 'first-name-initial');
  const [errors, setErrors] = useState<{ rating?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `review-${item.goodsSpecificationId}-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const length = content.trim().length;
    const found = {
      ...(rating === 0 && { rating: t('review.rating_err') }),
      ...((length < REVIEW_TEXT_MIN || length > REVIEW_TEXT_MAX) && {
        content: t('review.content_err', { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX }),
      }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const fields = { rating, title: title.trim() || undefined, content: content.trim(), shownAs };
    const result = review
      ? await api.post<OwnReview>('reviews/edit', { commentId: review.commentId, ...fields })
      : await api.post<OwnReview>('reviews/write', {
          orderId,
          goodsSpecificationId: item.goodsSpecificationId,
          ...fields,
        });
    setBusy(false);
    if (!isSuccess(result)) return warnOf(result);
    onSaved(result.data);
  }

  return (
    <form className="panel-form order-reviews__form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="field" aria-describedby={errors.rating ? id('rating-error') : undefined}>
        <legend>{t('review.rating')}</legend>
        <div className="rating-picker">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="rating-picker__star">
              <input
                type="radio"
                name={id('rating')}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              <span aria-hidden="true">{value <= rating ? '★' : '☆'}</span>
              <span className="visually-hidden">{t('review.stars', { rating: value })}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p className="field-error" id={id('rating-error')} role="alert">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={id('title')}>{t('review.headline')}</label>
        <input
          id={id('title')}
          value={title}
          maxLength={REVIEW_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={id('content')}>{t('review.content')}</label>
        <textarea
          id={id('content')}
          rows={5}
          value={content}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${id('content-hint')} ${id('content-error')}` : id('content-hint')}
          onChange={(event) => {
            setContent(event.target.value);
            setErrors({ ...errors, content: undefined });
          }}
        />
        <p className="field-hint" id={id('content-hint')}>
          {t('review.contentHint', { count: content.trim().length, min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
        </p>
        {errors.content && (
          <p className="field-error" id={id('content-error')} role="alert">
            {errors.content}
          </p>
        )}
      </div>
      <fieldset className="field">
        <legend>{t('review.shownAs')}</legend>
        {reviewerNamings.map((naming) => (
          <label key={naming} className="checkbox">
            <input
              type="radio"
              name={id('shown-as')}
              value={naming}
              checked={shownAs === naming}
              onChange={() => setShownAs(naming)}
            />
            {t(`review.shownAs.${naming}`, {
              name: reviewerName(naming, user.firstName, user.lastName) || t('review.verifiedBuyer'),
            })}
          </label>
        ))}
        <p className="field-hint">{t('review.shownAsHint')}</p>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t(review ? 'review.saveEdit' : 'review.submit')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('review.cancel')}
        </button>
      </div>
    </form>
  );
}
