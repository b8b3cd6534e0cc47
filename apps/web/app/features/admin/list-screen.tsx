import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { SearchIcon } from '~/shared/ui/icons';
import { Pagination, type PaginationProps } from '~/shared/ui/pagination';

/**
 * The parts of a console list screen (reviews, notifications): the search-and-filter form, the loading
 * block, the empty state, and the table in its own scrolling box with its count and pages. Each screen
 * brings its columns, its filters and its dialogs.
 */

export function ListSkeleton({ testId }: { testId?: string }) {
  return <div className="skeleton admin-audit__skeleton" aria-busy="true" data-testid={testId} />;
}

/**
 * A GET form to the screen's address: a search box (named `q`), the screen's filters (`children`: select
 * fields with `fieldClassName="adm-filters__select"`), and Apply. `testIds` names the search box
 * (`{prefix}-search`) and Apply (`{prefix}-apply`).
 */
export function ListFilters({
  action,
  label,
  search,
  searchId,
  searchLabel,
  placeholder,
  applyLabel,
  testIds,
  children,
}: {
  action: string;
  label: string;
  search: string;
  searchId: string;
  searchLabel: string;
  placeholder: string;
  applyLabel: string;
  testIds: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" action={action} className="adm-filters" role="search" aria-label={label}>
      <div className="desk-search__box adm-filters__search">
        <SearchIcon size={18} aria-hidden="true" />
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          className="field__input"
          defaultValue={search}
          key={search}
          maxLength={100}
          placeholder={placeholder}
          data-testid={`${testIds}-search`}
        />
      </div>
      {children}
      <button type="submit" className="btn" data-testid={`${testIds}-apply`}>
        {applyLabel}
      </button>
    </Form>
  );
}

/** Nothing to list: a heading, and a way back to the whole list (`clear`) or a line saying what will come. */
export function ListEmpty({
  testId,
  title,
  text,
  clear,
}: {
  testId: string;
  title: string;
  text?: string;
  clear?: { to: string; label: string; testId: string };
}) {
  return (
    <div className="acc-empty" data-testid={testId}>
      <h2 className="acc-empty__title">{title}</h2>
      {text ? <p className="muted">{text}</p> : null}
      {clear ? (
        <p>
          <Link to={clear.to} className="ord-link" data-testid={clear.testId}>
            {clear.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The count (announced when it changes), the table (`children`) in a box that scrolls sideways on its own,
 * never the page (focusable, so a keyboard can scroll it), and the pages.
 */
export function ListTable({
  label,
  count,
  countTestId,
  pagination,
  children,
}: {
  label: string;
  count: string;
  countTestId: string;
  pagination: PaginationProps;
  children: ReactNode;
}) {
  return (
    <>
      <p className="muted" aria-live="polite" data-testid={countTestId}>
        {count}
      </p>
      <div className="admin-audit__scroll" tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
      <Pagination {...pagination} />
    </>
  );
}
