import type { ProductFilters } from '@souq/contracts';
import { useId, type ReactNode } from 'react';
import type { ChromeCategory } from '~/shared/layout-data';
import { useSite } from '~/shared/site';
import { Stars } from './product-card';
import { idsOf, toggleId, useListNavigate, type ListParams, type PanelSection } from './list-params';

/**
 * The filter panel of a product list (sidebar on desktop, drawer on phones). Every change navigates to
 * the new URL at once (page reset); prices are typed in the selected currency and sent in the default one.
 */

function Group({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="filters__group" data-testid={testId}>
      <legend className="filters__legend">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Rounds to the default currency's 3 decimals, down for a minimum and up for a maximum. */
function toDefault(value: number, rate: number, up: boolean): string {
  const raw = (value / rate) * 1000;
  const n = (up ? Math.ceil(raw - 1e-6) : Math.floor(raw + 1e-6)) / 1000;
  return String(Math.max(0, n));
}

function toSelected(value: number, rate: number, decimals: number): string {
  const f = 10 ** decimals;
  return String(Math.round(value * rate * f) / f);
}

function PriceRange({ params, filters }: { params: ListParams; filters: ProductFilters }) {
  const { t, currency, money } = useSite();
  const go = useListNavigate();
  const id = useId();
  const rate = currency.rate_from_default || 1;
  const shown = (v: string | undefined) => (v ? toSelected(Number(v), rate, currency.decimals) : '');
  const step = currency.decimals > 0 ? String(1 / 10 ** currency.decimals) : '1';
  return (
    <form
      className="filters__price"
      key={`${params.min_price}-${params.max_price}-${currency.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const read = (name: string, up: boolean) => {
          const v = String(form.get(name) ?? '').trim();
          const n = Number(v);
          return v === '' || !Number.isFinite(n) || n < 0 ? null : toDefault(n, rate, up);
        };
        let min = read('min', false);
        let max = read('max', true);
        if (min !== null && max !== null && Number(min) > Number(max)) [min, max] = [max, min];
        go({ min_price: min === '0' ? null : min, max_price: max });
      }}
    >
      <div className="filters__price-row">
        <label htmlFor={`${id}-min`} className="filters__price-field">
          <span>{t('catalog.min')}</span>
          <input
            id={`${id}-min`}
            name="min"
            type="number"
            inputMode="decimal"
            min="0"
            step={step}
            defaultValue={shown(params.min_price)}
            placeholder={filters.max_price > 0 ? toSelected(filters.min_price, rate, currency.decimals) : '0'}
            data-testid="price-min"
          />
        </label>
        <span aria-hidden="true" className="filters__price-dash">
          –
        </span>
        <label htmlFor={`${id}-max`} className="filters__price-field">
          <span>{t('catalog.max')}</span>
          <input
            id={`${id}-max`}
            name="max"
            type="number"
            inputMode="decimal"
            min="0"
            step={step}
            defaultValue={shown(params.max_price)}
            placeholder={filters.max_price > 0 ? toSelected(filters.max_price, rate, currency.decimals) : ''}
            data-testid="price-max"
          />
        </label>
      </div>
      {filters.max_price > 0 ? (
        <p className="muted filters__hint">
          {money(filters.min_price)} – {money(filters.max_price)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-sm btn-block" data-testid="price-apply">
        {t('catalog.apply')}
      </button>
    </form>
  );
}

export function FilterPanel({
  params,
  filters,
  categories,
  hide,
}: {
  params: ListParams;
  filters: ProductFilters;
  categories: ChromeCategory[];
  hide: PanelSection[];
}) {
  const { t } = useSite();
  const go = useListNavigate();
  const id = useId();
  const category = categories.find((c) => String(c.id) === params.category_id);
  const brands = idsOf(params.brand_id);
  const colors = idsOf(params.color_id);
  const sizes = idsOf(params.size_id);
  const rating = Number(params.rating ?? 0);

  return (
    <div className="filters" data-testid="filter-panel">
      {hide.includes('category') || categories.length === 0 ? null : (
        <Group title={t('catalog.category')}>
          <label className="filters__select">
            <span className="sr-only">{t('catalog.category')}</span>
            <select
              id={`${id}-cat`}
              value={params.category_id ?? ''}
              onChange={(e) => go({ category_id: e.target.value || null, sub_category_id: null })}
              data-testid="filter-category"
            >
              <option value="">{t('catalog.all_categories')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {category && category.sub_categories.length ? (
            <label className="filters__select">
              <span className="filters__label">{t('catalog.sub_category')}</span>
              <select
                value={params.sub_category_id ?? ''}
                onChange={(e) => go({ sub_category_id: e.target.value || null })}
                data-testid="filter-sub-category"
              >
                <option value="">{t('catalog.all_sub_categories')}</option>
                {category.sub_categories.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </Group>
      )}

      {filters.brands.length ? (
        <Group title={t('catalog.brand')} testId="filter-brands">
          <ul className="filters__checks">
            {filters.brands.map((b) => (
              <li key={b.id}>
                <label className="filters__check">
                  <input
                    type="checkbox"
                    checked={brands.includes(b.id)}
                    onChange={() => go({ brand_id: toggleId(params.brand_id, b.id) })}
                    data-testid={`filter-brand-${b.id}`}
                  />
                  <span>{b.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </Group>
      ) : null}

      {filters.colors.length ? (
        <Group title={t('catalog.color')} testId="filter-colors">
          <ul className="filters__swatches">
            {filters.colors.map((c) => (
              <li key={c.id}>
                <label className="filters__swatch" title={c.name}>
                  <input
                    type="checkbox"
                    checked={colors.includes(c.id)}
                    onChange={() => go({ color_id: toggleId(params.color_id, c.id) })}
                    aria-label={c.name}
                    data-testid={`filter-color-${c.id}`}
                  />
                  <span className="filters__swatch-dot" style={{ background: c.color_code }} aria-hidden="true" />
                </label>
              </li>
            ))}
          </ul>
        </Group>
      ) : null}

      {filters.sizes.length ? (
        <Group title={t('catalog.size')} testId="filter-sizes">
          <ul className="filters__sizes">
            {filters.sizes.map((s) => (
              <li key={s.id}>
                <label className="filters__size">
                  <input
                    type="checkbox"
                    checked={sizes.includes(s.id)}
                    onChange={() => go({ size_id: toggleId(params.size_id, s.id) })}
                    data-testid={`filter-size-${s.id}`}
                  />
                  <span>{s.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </Group>
      ) : null}

      <Group title={t('catalog.price')} testId="filter-price">
        <PriceRange params={params} filters={filters} />
      </Group>

      <Group title={t('catalog.rating')} testId="filter-rating">
        <ul className="filters__checks">
          {[0, 4, 3, 2, 1].map((n) => (
            <li key={n}>
              <label className="filters__check">
                <input
                  type="radio"
                  name={`${id}-rating`}
                  checked={rating === n}
                  onChange={() => go({ rating: n ? String(n) : null })}
                  data-testid={`filter-rating-${n}`}
                />
                {n ? (
                  <span className="filters__stars">
                    <Stars rating={n} decorative />
                    <span>{t('catalog.rating_up', { n })}</span>
                  </span>
                ) : (
                  <span>{t('catalog.any_rating')}</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      </Group>
    </div>
  );
}
