import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSite } from '~/features/settings/site';
import { SearchIcon } from '~/shared/ui/icons';

/** Enter or the button goes to /products?search=… */
export function SearchForm({ testId, autoFocus, onDone }: { testId?: string; autoFocus?: boolean; onDone?(): void }) {
  const { master, t } = useSite();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const navigate = useNavigate();
  return (
    <form
      role="search"
      className="search-form"
      action="/products"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        navigate(q ? `/products?search=${encodeURIComponent(q)}` : '/products');
        onDone?.();
      }}
    >
      <input
        type="search"
        name="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
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
    </form>
  );
}
