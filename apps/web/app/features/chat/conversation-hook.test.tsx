import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useConversation } from './conversation';
import { readSend, type PageAnswer, type SendAnswer } from './pages';
import type { ChatMessage } from './types';

afterEach(cleanup);

const message = (id: number, text: string): ChatMessage => ({
  id,
  message: text,
  type: 'user',
  created_at: new Date(Date.UTC(2026, 0, 1, 10, id)).toISOString(),
  user: { id: 1, name: 'Salim', profile_photo: null },
  shop: { id: 2, name: 'Shop', logo: null },
  product: null,
  shop_active_status: false,
});

/**
 * A conversation screen in a router: page 1 from the route's loader, sending to an action that fails
 * the first time; the server's messages live in `stored`.
 */
function setup(perPage = 20, texts = ['hello']) {
  const stored = texts.map((text, i) => message(i + 1, text));
  /** Page `n`, newest first. */
  const page = (n: number): PageAnswer => ({
    of: 'shop-2',
    page: n,
    messages: [...stored].reverse().slice((n - 1) * perPage, n * perPage),
  });
  let failNext = true;
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  const hold = () => (held = new Promise((r) => (release = r)));
  let conv!: ReturnType<typeof useConversation>;

  function Screen() {
    const first = useLoaderData<PageAnswer>();
    conv = useConversation({
      of: 'shop-2',
      to: 2,
      first,
      perPage,
      olderHref: (p) => `/older?page=${p}`,
      sendTo: { action: '/send' },
      draft: (text) => ({ ...message(0, text), created_at: new Date().toISOString() }),
    });
    return (
      <ol>
        {conv.messages.map((m) => (
          <li key={m.id} data-testid="m" data-state={m.state ?? 'sent'}>
            {m.message}
          </li>
        ))}
      </ol>
    );
  }
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Screen,
      HydrateFallback: () => null,
      loader: () => page(1),
    },
    { path: '/older', loader: ({ request }) => page(Number(new URL(request.url).searchParams.get('page'))) },
    {
      path: '/send',
      action: async ({ request }): Promise<SendAnswer> => {
        const sent = readSend(await request.formData());
        await held;
        if (failNext) {
          failNext = false;
          return { ok: false, ...sent };
        }
        stored.push(message(stored.length + 1, sent.text));
        return { ok: true, to: sent.to };
      },
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  const shown = () => screen.queryAllByTestId('m').map((li) => `${li.textContent}:${li.getAttribute('data-state')}`);
  return { shown, hold, release: () => release(), conv: () => conv };
}

describe('useConversation in a router', () => {
  it('shows a message being sent at once, marks it failed with its text kept, and sends it again', async () => {
    const s = setup();
    await waitFor(() => expect(s.shown()).toEqual(['hello:sent']));

    s.hold();
    act(() => s.conv().send('hi', null));
    await waitFor(() => expect(s.shown()).toEqual(['hello:sent', 'hi:sending']));
    expect(s.conv().sending).toBe(true);
    // One at a time: another send meanwhile is refused (the composer keeps its text).
    act(() => s.conv().send('again', null));
    act(() => s.release());
    await waitFor(() => expect(s.shown()).toEqual(['hello:sent', 'hi:failed']));
    expect(s.conv().sending).toBe(false);

    const failed = s.conv().messages.find((m) => m.state === 'failed')!;
    expect(failed.retry).toEqual({ text: 'hi', product: null });
    act(() => s.conv().resend(failed));
    // Page 1 is read again after the action: the server's copy replaces the one being sent.
    await waitFor(() => expect(s.shown()).toEqual(['hello:sent', 'hi:sent']));
    expect(s.conv().messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('takes the older pages one after the other, until a short one', async () => {
    const s = setup(2, ['one', 'two', 'three']);
    await waitFor(() => expect(s.shown()).toEqual(['two:sent', 'three:sent']));
    expect(s.conv().hasMore).toBe(true);
    act(() => s.conv().loadOlder());
    await waitFor(() => expect(s.shown()).toEqual(['one:sent', 'two:sent', 'three:sent']));
    expect(s.conv().hasMore).toBe(false);
    expect(s.conv().olderState).toBe('idle');
  });
});
