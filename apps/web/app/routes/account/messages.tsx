import { AccountHeading } from '~/features/account';
import { loadAccount } from '~/features/account/api';
import { LoadFailed } from '~/features/account/load-failed';
import { loadMessages, messagesShouldRevalidate, sendChat } from '~/features/chat/chat-data';
import { InboxSkeleton } from '~/features/chat/inbox';
import { MessagesScreen } from '~/features/chat/messages-screen';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import type { Route } from './+types/messages';

export const meta = titleMeta('page.messages');

/** The shops (`?search=`, `?page=` pages of them) and the open shop's conversation (`?shop=`). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadAccount(() => loadMessages(request));
/** A message sent from the open conversation; the page loads again with it. */
export const clientAction = sendChat;
export const shouldRevalidate = messagesShouldRevalidate;

export function HydrateFallback() {
  return <Messages />;
}

/** /massages (spelled so, SPEC §2): the customer's conversations with shops. */
export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <Messages loaded={loaderData} />;
}

function Messages({ loaded }: { loaded?: Route.ComponentProps['loaderData'] }) {
  const { t } = useSite();
  return (
    <>
      <AccountHeading title={t('page.messages')} />
      {loaded?.error !== undefined ? (
        <LoadFailed message={loaded.error} />
      ) : loaded ? (
        <MessagesScreen data={loaded.data} />
      ) : (
        <InboxSkeleton />
      )}
    </>
  );
}
