import type { AdminReview } from '@souq/contracts';
import { ADMIN_REVIEWS_PER_PAGE, REVIEW_HIDE_REASON_MAX } from '@souq/contracts/admin-reviews-constants';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { ListEmpty, ListFilters, ListSkeleton, ListTable } from '~/features/admin/list-screen';
import {
  checkHideReason,
  loadReviews,
  REVIEW_RATINGS,
  REVIEWS_HOME,
  reviewsAction,
  reviewsHref,
} from '~/features/admin/reviews-data';
import { sellerMeta } from '~/features/seller/meta';
import { RatingStars } from '~/features/seller/review-card';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { type ActionResult, Field, SelectField, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/reviews';

export const meta = sellerMeta('page.admin_reviews');

export const clientLoader = loadReviews;
export const clientAction = reviewsAction;

const Skeleton = () => <ListSkeleton testId="admin-reviews-loading" />;

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-desk" data-testid="admin-reviews">
      <AccountHeading title={t('admin.reviews.title')} />
      <Skeleton />
    </div>
  );
}

/** Hiding asks why (kept in the audit log) and says first what it does. */
function HideDialog({ review, onClose }: { review: AdminReview | null; onClose(): void }) {
  const { t } = useSite();
  // The review asked about stays named while the dialog closes.
  const [shown, setShown] = useState(review);
  if (review && review !== shown) setShown(review);
  return (
    <Dialog
      open={review !== null}
      onClose={onClose}
      title={t('admin.reviews.hide_title', { name: shown?.customer_name ?? '' })}
      testId="review-hide-dialog"
      className="confirm-dialog adm-reason-dialog"
    >
      {review ? <HideForm key={review.id} review={review} onDone={onClose} /> : null}
    </Dialog>
  );
}

function HideForm({ review, onDone }: { review: AdminReview; onDone(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<AdminReview>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState('');
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t('admin.reviews.hidden_done', { name: review.customer_name }));
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check(checkHideReason(reason, t))) return;
    void fetcher.submit({ intent: 'hide', id: String(review.id), reason: reason.trim() }, { method: 'post' });
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="adm-reason" data-testid="review-hide-form">
      <p className="confirm-dialog__text">{t('admin.reviews.hide_text')}</p>
      <Field
        id="review-hide-reason"
        label={t('admin.reviews.reason_label')}
        hint={t('admin.reviews.reason_hint', { max: REVIEW_HIDE_REASON_MAX })}
        error={errors.reason}
        required
      >
        {(control) => (
          <textarea
            {...control}
            name="reason"
            className="field__input adm-reason__input"
            rows={4}
            maxLength={REVIEW_HIDE_REASON_MAX}
            value={reason}
            required
            onChange={(e) => {
              setReason(e.target.value);
              clear('reason');
            }}
            data-testid="review-hide-reason"
          />
        )}
      </Field>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onDone} disabled={busy} data-testid="review-hide-cancel">
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-danger"
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="review-hide-confirm"
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('admin.reviews.confirm_hide')}
        </button>
      </div>
    </form>
  );
}

/** Showing a hidden review again: asked first. */
function ShowDialog({ review, onClose }: { review: AdminReview | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<AdminReview>>();
  const [shown, setShown] = useState(review);
  if (review && review !== shown) setShown(review);
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok) toast.success(t('admin.reviews.shown_done', { name: answer.data.customer_name }));
    onClose();
  });
  return (
    <ConfirmDialog
      open={review !== null}
      title={t('admin.reviews.show_title', { name: shown?.customer_name ?? '' })}
      tone="primary"
      busy={fetcher.state !== 'idle'}
      onConfirm={() => review && void fetcher.submit({ intent: 'show', id: String(review.id) }, { method: 'post' })}
      onClose={onClose}
      testId="review-show-dialog"
    >
      {t('admin.reviews.show_text')}
    </ConfirmDialog>
  );
}

function ReviewRow({ review, onHide, onShow }: { review: AdminReview; onHide(): void; onShow(): void }) {
  const { t, locale } = useSite();
  return (
    <tr data-testid="admin-review-row" data-review={review.id} className={review.is_hidden ? 'rev-row--hidden' : undefined}>
      <td>
        <div className="rev-product">
          <span className="rev-product__thumb">
            <Img src={review.product.thumbnail} alt="" width={48} height={48} />
          </span>
          <span className="rev-product__text">
            <Link to={`/products/${review.product.id}/details`} className="rev-product__name">
              <bdi>{review.product.name}</bdi>
            </Link>
            <span className="muted rev-product__shop">
              <bdi>{review.shop.name}</bdi>
            </span>
          </span>
        </div>
      </td>
      <td className="rev-customer">
        <bdi>{review.customer_name}</bdi>
      </td>
      <td className="rev-stars">
        <RatingStars rating={review.rating} />
      </td>
      <td className="rev-text">
        {review.description ? (
          <p dir="auto" data-testid="admin-review-text">
            {review.description}
          </p>
        ) : (
          <p className="muted">{t('admin.reviews.no_text')}</p>
        )}
        {review.reply ? (
          <p className="rev-text__reply">
            <strong>{t('admin.reviews.reply')}:</strong> <bdi dir="auto">{review.reply}</bdi>
          </p>
        ) : null}
      </td>
      <td className="admin-audit__when">
        <time dateTime={review.created_at}>{formatDate(review.created_at, locale)}</time>
      </td>
      <td>
        <span className={`desk-pill${review.is_hidden ? ' desk-pill--off' : ''}`} data-testid="admin-review-status">
          {t(review.is_hidden ? 'admin.reviews.status_hidden' : 'admin.reviews.status_visible')}
        </span>
      </td>
      <td>
        {review.is_hidden ? (
          <button
            type="button"
            className="btn btn-sm"
            aria-label={t('admin.reviews.show_label', { name: review.customer_name })}
            onClick={onShow}
            data-testid="admin-review-show"
          >
            {t('admin.reviews.show')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-sm acc-btn-danger-outline"
            aria-label={t('admin.reviews.hide_label', { name: review.customer_name })}
            onClick={onHide}
            data-testid="admin-review-hide"
          >
            {t('admin.reviews.hide')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** /admin/reviews?q=&rating=&visibility=&page=: every review, newest first; hide one that breaks the rules. */
export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { search, rating, visibility, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === REVIEWS_HOME;
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const [showing, setShowing] = useState<AdminReview | null>(null);
  const filtered = Boolean(search || rating || visibility !== 'all');
  return (
    <div className="admin-desk" data-testid="admin-reviews">
      <AccountHeading title={t('admin.reviews.title')} />
      <p className="muted seller-lead">{t('admin.reviews.lead')}</p>
      <ListFilters
        action={REVIEWS_HOME}
        label={t('admin.reviews.filters')}
        search={search}
        searchId="reviews-search"
        searchLabel={t('admin.reviews.search')}
        placeholder={t('admin.reviews.search_placeholder')}
        applyLabel={t('admin.reviews.apply')}
        testIds="admin-reviews"
      >
        <SelectField
          label={t('admin.reviews.rating')}
          fieldClassName="adm-filters__select"
          name="rating"
          defaultValue={rating ? String(rating) : ''}
          key={`rating-${rating ?? ''}`}
          data-testid="admin-reviews-rating"
        >
          <option value="">{t('admin.reviews.rating_all')}</option>
          {REVIEW_RATINGS.map((r) => (
            <option key={r} value={r}>
              {t('admin.reviews.stars', { count: r })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin.reviews.visibility')}
          fieldClassName="adm-filters__select"
          name="visibility"
          defaultValue={visibility === 'all' ? '' : visibility}
          key={`visibility-${visibility}`}
          data-testid="admin-reviews-visibility"
        >
          <option value="">{t('admin.reviews.visibility_all')}</option>
          <option value="visible">{t('admin.reviews.visibility_visible')}</option>
          <option value="hidden">{t('admin.reviews.visibility_hidden')}</option>
        </SelectField>
      </ListFilters>
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.reviews.length === 0 ? (
        <ListEmpty
          testId="admin-reviews-empty"
          title={t(filtered ? 'admin.reviews.empty_filtered' : 'admin.reviews.empty')}
          text={filtered ? undefined : t('admin.reviews.empty_text')}
          clear={filtered ? { to: REVIEWS_HOME, label: t('admin.reviews.clear'), testId: 'admin-reviews-clear' } : undefined}
        />
      ) : (
        <ListTable
          label={t('admin.reviews.title')}
          count={t('admin.reviews.count', { count: list.data.total })}
          countTestId="admin-reviews-count"
          pagination={{
            page,
            total: list.data.total,
            perPage: ADMIN_REVIEWS_PER_PAGE,
            hrefFor: (p) => reviewsHref({ search, rating, visibility, page: p }),
          }}
        >
          <table className="admin-audit__table desk-table rev-table" data-testid="admin-reviews-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.reviews.product')}</th>
                <th scope="col">{t('admin.reviews.customer')}</th>
                <th scope="col">{t('admin.reviews.stars_column')}</th>
                <th scope="col">{t('admin.reviews.review')}</th>
                <th scope="col">{t('admin.reviews.date')}</th>
                <th scope="col">{t('admin.reviews.status')}</th>
                <th scope="col">{t('admin.reviews.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.reviews.map((r) => (
                <ReviewRow key={r.id} review={r} onHide={() => setHiding(r)} onShow={() => setShowing(r)} />
              ))}
            </tbody>
          </table>
        </ListTable>
      )}
      <HideDialog review={hiding} onClose={() => setHiding(null)} />
      <ShowDialog review={showing} onClose={() => setShowing(null)} />
    </div>
  );
}
