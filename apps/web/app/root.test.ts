import { describe, expect, it } from 'vitest';
import { loader } from './root';
import { messagesOf } from './shared/i18n';

/** The root loader's strings (decision 032): kept on this side, read again only for a new version. */
describe('root loader', () => {
  const master = { data: { languages: [] } };
  function context(versions: string[]) {
    let n = 0;
    return {
      origin: 'https://souq.example',
      apiFetch: async (path: string) => {
        if (path.startsWith('/api/master')) return new Response(JSON.stringify(master), { status: 200 });
        const version = versions[n++]!;
        return new Response(JSON.stringify({ 'page.home': `Home ${version}` }), {
          status: 200,
          headers: { etag: `"${version}"` },
        });
      },
    };
  }
  const run = (ctx: unknown) =>
    loader({ request: new Request('https://souq.example/?lang=en'), context: ctx, params: {} } as Parameters<typeof loader>[0]);

  it('returns the version, holds the strings, and reads them again only when the version changes', async () => {
    const ctx = context(['v1', 'v1', 'v2']);
    const first = await run(ctx);
    expect(first).toMatchObject({ messagesVersion: 'v1', locale: 'en' });
    expect(first).not.toHaveProperty('messages');
    const held = messagesOf('en');
    expect(held['page.home']).toBe('Home v1');
    await run(ctx);
    // Same version: its body is not parsed (a new object would be), the same strings stay.
    expect(messagesOf('en')).toBe(held);
    expect(await run(ctx)).toMatchObject({ messagesVersion: 'v2' });
    expect(messagesOf('en')['page.home']).toBe('Home v2');
  });
});
