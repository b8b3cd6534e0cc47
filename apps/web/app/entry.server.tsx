/**
 * Server rendering. As React Router's default, with one difference: every page is rendered whole before
 * it is sent (the loaders already hold all data, so the same HTML goes to people and crawlers alike), and
 * in document order: React would otherwise send the content of a large Suspense boundary apart, in a
 * hidden element at the end of the document, and move it in place with an inline script after the first
 * paint (a second layout of most of the page, and content that never appears without JavaScript).
 * React Router's scripts — the module preloads in the head and the module script that starts the app —
 * go out as it renders them (decision 012). Every script carries the render's Content-Security-Policy
 * nonce, which the page server (apps/api/src/web.ts) sets in the load context and in the policy header
 * (decision 016); without one (react-router dev) the scripts go out without it.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce;
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // No boundary is "too large" to be sent in place (see above).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
