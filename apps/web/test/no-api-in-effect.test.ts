// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * souq/no-api-in-effect (apps/web/lint/no-api-in-effect.mjs, decision 036): each case lints a small
 * component as a file of the web app and expects the rule to report the calls named, and nothing else.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function reported(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/app/features/catalog/fixture.tsx') });
  return result!.messages.filter((m) => m.ruleId === 'souq/no-api-in-effect').map((m) => m.message.split(' ')[0]!);
}

const head =
  "import { useCallback, useEffect, useLayoutEffect } from 'react';\nimport { useFetcher, useRevalidator } from 'react-router';\n";

describe('souq/no-api-in-effect', { timeout: 60_000 }, () => {
  it('reports a call imported from an API module, fetch, and a promise chain inside an effect', async () => {
    const code = `${head}import { fetchCart } from '~/features/cart/api';
import { api } from '~/shared/api';
import { fetchTickets } from './tickets-api';
export function Shown() {
  useEffect(() => {
    void fetchCart('ar');
    void fetch('/api/master').then(() => api('/carts', { locale: 'ar' }));
  }, []);
  useLayoutEffect(() => {
    const timer = setInterval(() => void fetchTickets(), 1000);
    return () => clearInterval(timer);
  }, []);
  return null;
}
`;
    expect(await reported(code)).toEqual(['fetchCart', 'fetch', 'api', 'fetchTickets']);
  });

  it("follows the file's own functions, however deep (a load written with useCallback, a helper)", async () => {
    const code = `${head}import { fetchCart } from './api';
function helper() {
  return fetchCart('ar');
}
export function Shown() {
  const load = useCallback(async () => {
    await helper();
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return null;
}
`;
    expect(await reported(code)).toEqual(['load']);
  });

  it('lets an effect ask the router (fetcher.load, revalidate) and call what is not the API', async () => {
    const code = `${head}import { fetchCart } from './api';
import { formatDate } from '~/shared/dates';
export function Shown({ open }: { open: boolean }) {
  const fetcher = useFetcher();
  const { revalidate } = useRevalidator();
  const onClick = () => void fetchCart('ar');
  useEffect(() => {
    if (open) void fetcher.load('/resources/cart');
    const channel = { bind: (_e: string, f: () => void) => f };
    channel.bind('message', () => void revalidate());
    document.title = formatDate('2026-01-01', 'ar');
  }, [open, fetcher, revalidate]);
  return onClick;
}
`;
    expect(await reported(code)).toEqual([]);
  });

  it('reports a promise started and let go that it cannot follow (another file, a hook), not the router', async () => {
    const code = `${head}import { refreshCheckout } from './actions';
export function Shown({ reload }: { reload(): Promise<void> }) {
  const fetcher = useFetcher();
  useEffect(() => {
    void refreshCheckout();
    reload().then(() => undefined);
    void fetcher.load('/resources/cart');
    void fetcher.submit({}, { method: 'post' });
  }, [reload, fetcher]);
  return null;
}
`;
    expect(await reported(code)).toEqual(['refreshCheckout', 'reload']);
  });

  it('takes a beacon that says why', async () => {
    const code = `${head}import { updateLastSeen } from './api';
export function Shown() {
  useEffect(() => {
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: fire and forget
    void updateLastSeen();
  }, []);
  return null;
}
`;
    expect(await reported(code)).toEqual([]);
  });
});
