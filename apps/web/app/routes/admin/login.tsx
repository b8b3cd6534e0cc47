import { redirect } from 'react-router';
import { adminLogin, adminLogout } from '~/features/admin/api';
import { ADMIN_LOGIN, adminReturnTo } from '~/features/admin/data';
import { setAdminSession } from '~/features/admin/store';
import { sellerMeta } from '~/features/seller/meta';
import { BackOfficeLogin, type BackOfficeLoginAnswer } from '~/shared/ui/back-office-login';
import { fieldErrorsOf } from '~/shared/ui/form';
import { useSite } from '~/shared/site';
import { UserIcon } from '~/shared/ui/icons';
import type { Route } from './+types/login';

// noindex, as every back-office page.
export const meta = sellerMeta('page.admin_login');

type LoginAnswer = BackOfficeLoginAnswer;

/**
 * Signs the operator in (`intent=login`: on to `?next=` within the console, else the audit log) or out
 * (`intent=logout`, the console bar's button). The operator's session is its own (features/admin/store.ts).
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LoginAnswer | Response> {
  const form = await request.formData();
  if (form.get('intent') === 'logout') {
    await adminLogout();
    return redirect(ADMIN_LOGIN);
  }
  try {
    const res = await adminLogin(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
    setAdminSession({ token: res.access.token, operator: res.user });
    return redirect(adminReturnTo(new URL(request.url).searchParams.get('next')));
  } catch (e) {
    const fields = fieldErrorsOf(e);
    if (fields) return { ok: false, errors: fields };
    return { ok: false, errors: {}, failure: e instanceof Error ? e.message : String(e) };
  }
}

/** /admin/login: e-mail and password of an operator. */
export default function AdminLoginPage() {
  const { t } = useSite();
  return (
    <BackOfficeLogin
      area="admin"
      icon={<UserIcon size={32} />}
      title={t('admin.login_title')}
      intro={t('admin.login_intro')}
      labels={{ email: t('admin.email'), password: t('admin.password'), submit: t('admin.sign_in') }}
    />
  );
}
