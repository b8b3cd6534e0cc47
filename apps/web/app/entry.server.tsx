/**
 * Server rendering. As React Router's default, with two differences:
 * - every page is rendered whole before it is sent (the loaders already hold all data, and the same
 *   HTML then goes to people and crawlers alike), and sent in document order: React would otherwise
 *   move the content of large Suspense boundaries (the sections of DeferredHydration) to hidden
 *   elements at the end of the document and show them later with an inline script, after the first
 *   paint (a second layout of most of the page, and sections that never appear without JavaScript);
 * - the scripts start loading after the first paint (shared/scripts-after-paint.ts, decision 010): the
 *   page is complete without them, so the stylesheet, the fonts and the first images come first.
 */
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { loadScriptsAfterPaint } from './shared/scripts-after-paint';

export const streamTimeout = 5_000;

/** Collects the whole document (it is rendered whole anyway) and rewrites it once. */
function documentRewriter(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, Buffer.from(loadScriptsAfterPaint(Buffer.concat(chunks).toString('utf8')), 'utf8'));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
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
        const rewriter = documentRewriter();
        rewriter.pipe(body);
        pipe(rewriter);
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
