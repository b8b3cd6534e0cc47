import type { MetaDescriptor } from 'react-router';
import type { RootData } from './root-data';
import { makeTranslate, messagesOf, type Translate } from './i18n';
import { useT } from '~/shared/site';

interface MetaMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export function rootDataOf(matches: ReadonlyArray<MetaMatch | undefined>): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}

/** The translation of a meta function: the page's language, from the root's data (meta runs outside React). */
export function metaTranslate(root: RootData | undefined): Translate {
  return makeTranslate(messagesOf(root?.locale), root?.locale);
}

/** Page title: the route title followed by the app name (SPEC §2). */
export function pageTitle(root: RootData | undefined, title: string): string {
  const app = root?.master.app_name ?? '';
  return app ? `${title} | ${app}` : title;
}

/** A meta function for a route whose title is a translation key. */
export function titleMeta(key: string) {
  return ({ matches }: { matches: ReadonlyArray<MetaMatch | undefined> }): MetaDescriptor[] => {
    const root = rootDataOf(matches);
    const t = metaTranslate(root);
    return [{ title: pageTitle(root, t(key)) }];
  };
}

/** The screen of a route whose content arrives with a later capability: its title and a short note. */
export function PagePlaceholder({ titleKey }: { titleKey: string }) {
  const t = useT();
  return (
    <section className="container page-placeholder">
      <h1 className="page-title">{t(titleKey)}</h1>
      <p className="muted">{t('page.coming_soon')}</p>
    </section>
  );
}
