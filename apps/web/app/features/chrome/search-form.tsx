import { Form, useSearchParams } from 'react-router';
import { useSite } from '~/shared/site';
import { SearchIcon } from '~/shared/ui/icons';

/**
 * Enter or the button goes to /products?search=…: a real GET form (React Router's <Form>), so it works
 * before the page is hydrated and without JavaScript too; once hydrated, the router submits it in place.
 */
export function SearchForm({ testId, autoFocus, onDone }: { testId?: string; autoFocus?: boolean; onDone?(): void }) {
  const { master, t } = useSite();
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  return (
    <Form
      role="search"
      aria-label={t('chrome.search')}
      className="search-form"
      action="/products"
      method="get"
      onSubmit={() => onDone?.()}
    >
      <input
        // A new search in the address shows in the box (the field is the browser's, not React state).
        key={current}
        type="search"
        name="search"
        defaultValue={current}
        placeholder={master.search.placeholder ?? t('chrome.search_placeholder')}
        aria-label={t('chrome.search')}
        data-testid={testId}
        autoFocus={autoFocus}
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" className="search-form__button" aria-label={t('chrome.search')}>
        <SearchIcon size={18} />
      </button>
    </Form>
  );
}
