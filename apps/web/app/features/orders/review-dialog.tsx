import type { OrderDetail } from '@souq/contracts';
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX } from '@souq/contracts/constants';
import { useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { Field, SubmitButton, useSubmission, type ActionResult } from '~/shared/ui/form';
import { PhotoStrip } from '~/shared/ui/photo-strip';
import { toast } from '~/shared/ui/toast';

type Item = OrderDetail['products'][number];

/** A rating drawn as five stars, `rating` of them filled, named for screen readers. */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useSite();
  const style = { fontSize: size, '--stars-fill': `${(rating / 5) * 100}%` } as CSSProperties;
  return <span className="stars" style={style} role="img" aria-label={t('catalog.rating_of', { rating: String(rating) })} />;
}

/**
 * Under a delivered order's line: the customer's review (stars, text, until when it can be changed) with
 * Edit, or Write a review (issue 39). `onOpen` opens the dialog for this line.
 */
export function LineReview({ item, onOpen }: { item: Item; onOpen(): void }) {
  const { t, locale } = useSite();
  const review = item.review;
  if (!review)
    return (
      <button type="button" className="btn btn-sm ord-review__open" onClick={onOpen} data-testid="review-open">
        {t('reviews.write')}
      </button>
    );
  return (
    <div className="ord-review" data-testid="line-review">
      <span className="ord-review__label">{t('reviews.yours')}</span>
      <Stars rating={review.rating} />
      {review.description ? (
        <p className="ord-review__text" dir="auto">
          {review.description}
        </p>
      ) : null}
      <div className="ord-review__photos">
        <PhotoStrip photos={review.photos} by={item.name} />
      </div>
      {review.editable_until ? (
        <p className="ord-review__until muted">
          {t('reviews.editable_until', { date: formatDate(review.editable_until, locale) })}{' '}
          <button type="button" className="btn btn-sm ord-review__edit" onClick={onOpen} data-testid="review-open">
            {t('reviews.edit')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Write or change the review of one line: 1–5 stars (radio buttons: one Tab stop, arrow keys move the
 * choice) and an optional text. Sent to the order page's action (`intent=review`); the page's loader
 * reads the order again afterwards and the line shows the review.
 */
export function ReviewDialog({ item, onClose }: { item: Item | null; onClose(): void }) {
  const { t } = useSite();
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={item ? t('reviews.dialog_title', { name: item.name }) : ''}
      testId="review-dialog"
    >
      {item ? <ReviewForm key={item.line_id} item={item} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ReviewForm({ item, onDone }: { item: Item; onDone(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<{ intent: 'review'; changed: boolean }>>();
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(item.review?.rating ?? 0);
  const [text, setText] = useState(item.review?.description ?? '');
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form,
    onDone(done) {
      toast.success(t(done.changed ? 'reviews.updated' : 'reviews.saved'));
      onDone();
    },
  });
  const [photoError, setPhotoError] = useState<string | undefined>();
  const onSubmit = (e: FormEvent) => {
    if (!check({ rating: rating ? undefined : t('reviews.rating_required'), photos: photoError })) e.preventDefault();
  };
  // The server's rules, said before sending: at most three photos of at most 2 MB.
  const choosePhotos = (files: FileList | null) => {
    const list = [...(files ?? [])];
    setPhotoError(
      list.length > REVIEW_PHOTOS_MAX
        ? t('reviews.photos_too_many', { max: REVIEW_PHOTOS_MAX })
        : list.some((f) => f.size > REVIEW_PHOTO_MAX_BYTES)
          ? t('reviews.photo_too_large', { mb: REVIEW_PHOTO_MAX_BYTES / 1024 / 1024 })
          : undefined,
    );
    clear('photos');
  };
  const ratingError = errors.rating;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" ref={form} className="review-form" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="product_id" value={item.product_id ?? ''} />
      <input type="hidden" name="review_id" value={item.review?.id ?? ''} />
      <fieldset className="field review-form__stars" aria-describedby={ratingError ? 'review-rating-error' : undefined}>
        <legend className="field__label">{t('reviews.rating')}</legend>
        <div className="review-stars" data-testid="review-stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`review-stars__star${n <= rating ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  clear('rating');
                }}
                aria-invalid={ratingError ? true : undefined}
                className="review-stars__input"
                data-testid={`review-star-${n}`}
              />
              <span className="star" aria-hidden="true" />
              <span className="sr-only">{t('reviews.star', { count: n })}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p className="field__error" id="review-rating-error" data-testid="field-error">
            <bdi>{ratingError}</bdi>
          </p>
        ) : null}
      </fieldset>
      <Field
        id="review-text"
        label={t('reviews.text')}
        hint={t('reviews.text_hint', { max: REVIEW_TEXT_MAX })}
        error={errors.description}
      >
        {(control) => (
          <textarea
            {...control}
            name="description"
            className="field__input"
            rows={4}
            maxLength={REVIEW_TEXT_MAX}
            value={text}
            placeholder={t('reviews.text_placeholder')}
            onChange={(e) => {
              setText(e.target.value);
              clear('description');
            }}
            dir="auto"
            data-testid="review-text"
          />
        )}
      </Field>
      {item.review ? null : (
        <Field
          id="review-photos"
          label={t('reviews.photos')}
          hint={t('reviews.photos_hint', { max: REVIEW_PHOTOS_MAX, mb: REVIEW_PHOTO_MAX_BYTES / 1024 / 1024 })}
          error={errors.photos ?? photoError}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              name="photos"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="field__input"
              onChange={(e) => choosePhotos(e.target.files)}
              data-testid="review-photos-input"
            />
          )}
        </Field>
      )}
      <div className="review-form__actions">
        <SubmitButton busy={busy} testId="review-submit">
          {t(item.review ? 'reviews.save' : 'reviews.submit')}
        </SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </fetcher.Form>
  );
}
