import type { SellerReview } from '@souq/contracts';
import { REVIEW_REPLY_MAX } from '@souq/contracts/constants';
import { useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { Field, SubmitButton, useSubmission, type ActionResult } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { toast } from '~/shared/ui/toast';

/** A star rating as the storefront draws it (the `.stars` style), named for screen readers. */
export function RatingStars({ rating }: { rating: number }) {
  const { t } = useSite();
  const style = { fontSize: 16, '--stars-fill': `${(rating / 5) * 100}%` } as CSSProperties;
  return <span className="stars" style={style} role="img" aria-label={t('catalog.rating_of', { rating: rating.toFixed(1) })} />;
}

/** One review of the shop's products, with its reply, or the form that writes or edits it. */
export function SellerReviewCard({ review }: { review: SellerReview }) {
  const { t, locale } = useSite();
  const [editing, setEditing] = useState(false);
  const headingId = `review-${review.id}-title`;
  return (
    <li
      className={`seller-review${review.is_hidden ? ' seller-review--hidden' : ''}`}
      data-testid="seller-review"
      aria-labelledby={headingId}
    >
      <div className="seller-review__product">
        <span className="seller-review__thumb">
          <Img src={review.product.thumbnail} alt="" width={56} height={56} />
        </span>
        <div className="seller-review__product-text">
          <span className="muted seller-review__label">{t('seller_reviews.product')}</span>
          <Link to={`/products/${review.product.id}/details`} className="seller-review__product-name">
            <bdi>{review.product.name}</bdi>
          </Link>
        </div>
      </div>
      <div className="seller-review__head">
        <h2 className="seller-review__name" id={headingId}>
          <bdi>{review.customer_name}</bdi>
        </h2>
        <RatingStars rating={review.rating} />
        <time dateTime={review.created_at} className="muted">
          {formatDate(review.created_at, locale)}
        </time>
      </div>
      {review.is_hidden ? (
        <p className="seller-review__hidden" role="note" data-testid="seller-review-hidden">
          <strong>{t('seller_reviews.hidden')}</strong> {t('seller_reviews.hidden_text')}
        </p>
      ) : null}
      {review.description ? (
        <p className="seller-review__text" dir="auto">
          {review.description}
        </p>
      ) : (
        <p className="seller-review__text muted">{t('seller_reviews.no_text')}</p>
      )}
      {review.reply && !editing ? (
        <div className="seller-review__reply" data-testid="seller-review-reply">
          <div className="seller-review__reply-head">
            <strong>{t('seller_reviews.your_reply')}</strong>
            {review.replied_at ? (
              <time dateTime={review.replied_at} className="muted">
                {t('seller_reviews.replied_on', { date: formatDate(review.replied_at, locale) })}
              </time>
            ) : null}
          </div>
          <p className="seller-review__text" dir="auto">
            {review.reply}
          </p>
        </div>
      ) : null}
      {editing ? (
        <ReplyForm review={review} onDone={() => setEditing(false)} />
      ) : (
        <button type="button" className="btn btn-sm" onClick={() => setEditing(true)} data-testid="seller-review-reply-open">
          {t(review.reply ? 'seller_reviews.edit_reply' : 'seller_reviews.reply')}
        </button>
      )}
    </li>
  );
}

function ReplyForm({ review, onDone }: { review: SellerReview; onDone(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<SellerReview>>();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(review.reply ?? '');
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form,
    onDone() {
      toast.success(t('seller_reviews.reply_saved'));
      onDone();
    },
  });
  const onSubmit = (e: FormEvent) => {
    if (!check({ reply: text.trim() ? undefined : t('seller_reviews.reply_required') })) e.preventDefault();
  };
  return (
    <fetcher.Form method="post" ref={form} className="seller-review__form" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="id" value={review.id} />
      <Field
        id={`reply-${review.id}`}
        label={t('seller_reviews.reply_label', { name: review.customer_name })}
        hint={t('seller_reviews.reply_hint', { max: REVIEW_REPLY_MAX })}
        error={errors.reply}
      >
        {(control) => (
          <textarea
            {...control}
            name="reply"
            className="field__input"
            rows={3}
            maxLength={REVIEW_REPLY_MAX}
            value={text}
            placeholder={t('seller_reviews.reply_placeholder')}
            onChange={(e) => {
              setText(e.target.value);
              clear('reply');
            }}
            autoFocus
            data-testid="seller-review-reply-input"
          />
        )}
      </Field>
      <div className="seller-review__actions">
        <SubmitButton busy={busy} testId="seller-review-reply-save">
          {t('seller_reviews.save_reply')}
        </SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </fetcher.Form>
  );
}
