// The two catalogues a latency bench runs on (api.mjs, catalogue.mjs): the demo seed, and the demo
// with --products generated products; --only demo|large keeps one of them.

/** The command-line options that go with them, for parseArgs (a bench adds its own). */
export const datasetOptions = {
  strict: { type: 'boolean', default: false },
  products: { type: 'string', default: '100000' },
  only: { type: 'string' },
  duration: { type: 'string', default: '10' },
};

/** The catalogues to run on, from parseArgs' values: `products` is 0 for the demo seed alone. */
export function datasetsOf(values) {
  const products = Number(values.products);
  return [
    { label: 'demo seed', products: 0 },
    { label: `demo + ${products.toLocaleString('en')} generated products`, products },
  ].filter((d) => !values.only || (values.only === 'demo' ? d.products === 0 : d.products > 0));
}
