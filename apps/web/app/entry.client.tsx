/**
 * Hydration. As React Router's default, once the page's strings are here (decision 032): they are not in
 * the page's data but at their version's address, which the served <head> preloads, so they arrive with
 * the scripts and this fetch is answered by that preload. Should they not come (three tries), the page
 * stays as served — its links and forms work without scripts — rather than being hydrated with keys in
 * place of its text.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { setMessages, type Messages } from './shared/i18n';

async function loadMessages(): Promise<boolean> {
  const link = document.querySelector<HTMLLinkElement>('link[rel=preload][data-messages]');
  // An error page rendered without the root's data names none, and shows no translated text.
  if (!link) return true;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await fetch(link.href, { credentials: 'same-origin' });
      if (res.ok) {
        setMessages(link.dataset.messages ?? '', (await res.json()) as Messages);
        return true;
      }
    } catch {
      // offline for a moment: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
  return false;
}

void loadMessages().then((ready) => {
  if (!ready) {
    console.error('The page’s strings did not load: it stays as served, without scripts.');
    return;
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
