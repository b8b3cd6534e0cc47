import { lazy, Suspense, useState } from 'react';
import { useChat } from './store';

const ChatSidebar = lazy(() => import('./chat-sidebar').then((m) => ({ default: m.ChatSidebar })));

/** Renders the chat sidebar's chunk the first time the sidebar is opened (not in the first-load bundle). */
export function ChatSidebarHost() {
  const wanted = useChat((s) => s.sidebar !== null);
  const [needed, setNeeded] = useState(false);
  if (!needed && wanted) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ChatSidebar />
    </Suspense>
  ) : null;
}
