/**
 * Server rendering. As React Router's default, with two differences:
 * - every page is rendered whole before it is sent (the loaders already hold all data, and the same
 *   HTML then goes to people and crawlers alike), and sent in document order: React would otherwise
 *   move the content of large Suspense boundaries (the sections of DeferredHydration) to hidden
 *   elements at the end of the document and show them later with an inline script, after the first
 *   paint (a second layout of most of the page, and sections that never appear without JavaScript);
 * - the script preloads in <head> are marked `fetchpriority="low"`: the page is complete without
 *   JavaScript, so on a slow link the stylesheet, the first image and the fonts come first and the
 *   scripts that make it interactive take the bandwidth left over.
 */
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 5_000;

/** Adds fetchpriority="low" to the modulepreload links of an HTML head. */
export function lowerScriptPriority(head: string): string {
  return head.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** Rewrites the document up to </head>, then passes the rest through untouched. */
function headRewriter(): Transform {
  let pending = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (done) return callback(null, chunk);
      pending += chunk.toString('utf8');
      const end = pending.indexOf('</head>');
      if (end === -1) return callback();
      done = true;
      const out = lowerScriptPriority(pending.slice(0, end)) + pending.slice(end);
      pending = '';
      callback(null, Buffer.from(out, 'utf8'));
    },
    flush(callback) {
      callback(null, pending ? Buffer.from(pending, 'utf8') : undefined);
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
        const rewriter = headRewriter();
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
