#!/usr/bin/env node
// API and SSR latency at fixed request rates, on the demo seed and again with 100,000 generated products.
//   node bench/api.mjs [--strict] [--products 100000] [--only demo|large] [--no-cache] [--duration 10]
// Budgets (p99): products page 1 ≤ 25 ms at 1000/s, search ≤ 50 ms at 500/s, product details ≤ 25 ms
// at 1000/s, page 200 ≤ 2 × page 1 at 1000/s, server-rendered product page ≤ 100 ms at 200/s.
import { parseArgs } from 'node:util';
import { datasetOptions, datasetsOf } from './lib/datasets.mjs';
import { fixedRate, judge, printTable } from './lib/load.mjs';
import { startServer, stopOnSignal } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    ...datasetOptions,
    'no-cache': { type: 'boolean', default: false },
    /** Ask for uncompressed answers (browsers ask for br/gzip, which is the default here). */
    'no-compression': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const datasets = datasetsOf(values);

let failed = false;
for (const dataset of datasets) {
  const server = await startServer({
    products: dataset.products,
    env: values['no-cache'] ? { CATALOG_CACHE_TTL_MS: '0' } : {},
  });
  stopOnSignal(server);
  try {
    const { base } = server;
    // A product in the middle of the catalogue, and a search word with many matches.
    const total = (await (await fetch(`${base}/api/products`)).json()).data.total;
    const list = await (await fetch(`${base}/api/products?page=${Math.max(1, Math.floor(total / 40))}`)).json();
    const productId = list.data.products[0]?.id ?? 1;
    const search = 'perfume';
    const checks = [
      { name: 'GET /api/products (page 1)', path: '/api/products', rate: 1000, budget: 25 },
      { name: `GET /api/products?search=${search}`, path: `/api/products?search=${search}`, rate: 500, budget: 50 },
      { name: 'GET /api/product-details', path: `/api/product-details?product_id=${productId}`, rate: 1000, budget: 25 },
      { name: 'GET /api/products?page=200', path: '/api/products?page=200', rate: 1000, budget: null },
      { name: 'SSR /products/{id}/details', path: `/products/${productId}/details`, rate: 200, budget: 100 },
    ];
    const rows = [];
    for (const c of checks) {
      const res = await fetch(base + c.path);
      if (!res.ok) console.warn(`bench: ${c.path} answered ${res.status}`);
      // Enough connections for the rate at twice the budgeted latency; browsers ask for compression.
      const connections = Math.max(10, Math.ceil((c.rate * 2 * (c.budget ?? 50)) / 1000));
      const x = await fixedRate({
        url: base + c.path,
        rate: c.rate,
        duration,
        connections,
        headers: values['no-compression'] ? {} : { 'accept-encoding': 'gzip, deflate, br' },
        pid: server.pid,
      });
      const budget = c.budget ?? 2 * rows[0].p99;
      rows.push(judge({ name: c.name, ...x }, budget));
    }
    printTable(
      `${dataset.label} (${total.toLocaleString('en')} listed products, product ${productId}, catalogue cache ${values['no-cache'] ? 'off' : 'on'}, ${values['no-compression'] ? 'uncompressed' : 'br'}, ${duration} s each after 2 s warm-up)`,
      rows,
    );
    if (rows.some((r) => !r.pass)) failed = true;
  } finally {
    await server.stop();
  }
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
