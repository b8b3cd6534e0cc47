import { AccountHeading } from '~/features/account';
import { MessagesScreen } from '~/features/chat/messages-screen';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';

export const meta = titleMeta('page.messages');

/** /massages (spelled so, SPEC §2): the customer's conversations with shops. */
export default function MessagesPage() {
  const { t } = useSite();
  return (
    <>
      <AccountHeading title={t('page.messages')} />
      <MessagesScreen />
    </>
  );
}
