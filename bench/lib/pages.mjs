// The pages the browser benches measure, and warming the server before they do.

/**
 * Server options of the browser benches: no sampled vitals reports, whose library (fetched after the
 * load, by a random share of page views) would make runs differ by chance.
 */
export const benchServer = { env: { VITALS_SAMPLE_RATE: '0' } };

/** Home, the product list and the first listed product's page (or the paths given on the command line). */
export async function benchPages(base, positionals = []) {
  if (positionals.length) return positionals;
  const first = (await (await fetch(`${base}/api/products`)).json()).data.products[0];
  return ['/', '/products', `/products/${first.id}/details`];
}

/**
 * Requests each page (Arabic and English) and every image size it refers to, so that the runs measure
 * the page, not the server's one-off work (the first render of a route, the first resize of an image)
 * competing with the browser for the CPU.
 */
export async function warmServer(base, pages) {
  for (const p of pages) {
    for (const lang of ['', p.includes('?') ? '&lang=en' : '?lang=en']) {
      const html = await (await fetch(base + p + lang)).text();
      const urls = new Set();
      for (const m of html.matchAll(/(?:src|href)="(\/img\/[^"]+)"/g)) urls.add(m[1]);
      for (const m of html.matchAll(/(?:srcSet|srcset|imageSrcSet)="([^"]+)"/g))
        for (const part of m[1].split(',')) urls.add(part.trim().split(/\s+/)[0]);
      for (const url of urls)
        if (url.startsWith('/img/'))
          await (await fetch(base + url, { headers: { accept: 'image/avif,image/webp,*/*' } })).arrayBuffer();
    }
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Prints rows of cells as an aligned table with a header. */
export function printTable(head, lines) {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmtRow = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(fmtRow(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmtRow(l));
}
