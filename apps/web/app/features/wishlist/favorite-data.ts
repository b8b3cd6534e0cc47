import { ApiError } from '~/shared/api';
import { documentLocale, makeTranslate, messagesOf } from '~/shared/i18n';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { toggleFavorite } from './api';

/** What a heart's toggle answers: whether the product is now a favourite, or that it did not happen. */
export type FavoriteAnswer = { added: boolean } | { failed: true };

/**
 * The favourites' action (routes/resources/favorites.ts): adds the product, or removes it when it is
 * there; the ids and the header's count follow (toggleFavorite), and a toast says which.
 */
export async function favoriteAction({ request }: { request: Request }): Promise<FavoriteAnswer> {
  const form = await request.formData();
  const locale = documentLocale();
  const t = makeTranslate(messagesOf(locale));
  try {
    const { added } = await toggleFavorite(Number(form.get('product_id')), locale);
    toast.success(t(added ? 'account.favorite_added' : 'account.favorite_removed'));
    return { added };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      toast.error(t('account.login_first'));
      openOverlay('login');
    } else toast.error(e instanceof Error ? e.message : String(e));
    return { failed: true };
  }
}
