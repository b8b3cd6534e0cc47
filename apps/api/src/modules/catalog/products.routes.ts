import {
  flashSaleDetailsQuerySchema,
  flashSaleDetailsResponseSchema,
  flashSaleParamsSchema,
  flashSalesResponseSchema,
  homeQuerySchema,
  homeResponseSchema,
  productDetailsQuerySchema,
  productDetailsResponseSchema,
  productsQuerySchema,
  productsResponseSchema,
  recentlyViewedResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  shopCategoriesQuerySchema,
  shopCategoriesResponseSchema,
  shopDetailResponseSchema,
  shopParamsSchema,
  shopPopularProductsQuerySchema,
  shopPopularProductsResponseSchema,
  shopsQuerySchema,
  shopsResponseSchema,
  topShopsResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { createCatalogService } from './catalog.service';

/** Products, product details, reviews, shops, flash sales, home and recently viewed (API.md "Catalogue"). */
export async function productsRoutes(app: FastifyInstance) {
  const catalog = createCatalogService(app.readDb, app.dialect, app.services.settings, app.config.catalogCacheTtlMs, {
    database: app.config.database,
    onSearchIndexError: (err) => app.log.error({ err }, 'search index: build failed; searches go to SQL'),
  });
  const tags = ['catalog'];
  // A listening server builds its search index at once, between its first requests, rather than on the
  // first search (a large catalogue's takes seconds, during which searches would go to SQL).
  app.addHook('onListen', () => {
    void catalog.warmSearchIndex().catch((err: unknown) => app.log.error({ err }, 'search index: warm-up failed'));
  });

  // Readiness (for a load balancer, and the benches): 503 until the search index of a large catalogue is
  // read, a few seconds after start, and again once the process is stopping (decision 044).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  route(
    app,
    {
      method: 'GET',
      url: '/api/ready',
      summary: 'Readiness: 200 once the server searches from its search index, 503 until then',
      tags: ['health'],
    },
    async ({ reply }) => {
      const ready = !stopping && (await catalog.searchIndexReady());
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ ready });
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/products',
      publicCache: true,
      auth: 'optional',
      summary: 'Products: search, filters, sorts, pages and facets',
      tags,
      query: productsQuerySchema,
      response: productsResponseSchema,
    },
    async ({ query, req, auth }) => ({ data: await catalog.products(query, req.locale, auth?.id ?? null) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/product-details',
      publicCache: true,
      auth: 'optional',
      summary: 'One product with gallery, variants, flash sale, related and popular products',
      tags,
      query: productDetailsQuerySchema,
      response: productDetailsResponseSchema,
    },
    async ({ query, req, auth }) => ({
      data: await catalog.productDetails(query.product_id, req.locale, auth?.id ?? null),
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/reviews',
      publicCache: true,
      summary: 'Reviews of a product or a shop with the rating summary',
      tags,
      query: reviewsQuerySchema,
      response: reviewsResponseSchema,
    },
    async ({ query, req }) => ({
      data: await catalog.reviews(
        query.product_id ? { productId: query.product_id } : { shopId: query.shop_id! },
        query.page,
        query.per_page,
        req.locale,
      ),
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/shops',
      publicCache: true,
      summary: 'Shops, searchable',
      tags,
      query: shopsQuerySchema,
      response: shopsResponseSchema,
    },
    async ({ query, req }) => ({ data: await catalog.shops(query.search, query.page, query.per_page, req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/shops/top',
      publicCache: true,
      summary: 'Best rated shops',
      tags,
      response: topShopsResponseSchema,
    },
    async ({ req }) => ({ data: { shops: await catalog.topShops(req.locale) } }),
  );

  // Before /shops/:id, which would otherwise read "popular-products" as a shop id (the original client
  // calls this path; its server registered it first too).
  route(
    app,
    {
      method: 'GET',
      url: '/api/shops/popular-products',
      publicCache: true,
      auth: 'optional',
      summary: "The most popular other products of a product's shop (site-wide ones fill up a small shop's list)",
      tags,
      query: shopPopularProductsQuerySchema,
      response: shopPopularProductsResponseSchema,
    },
    async ({ query, req, auth }) => ({
      data: { products: await catalog.shopPopularProducts(query.product_id, req.locale, auth?.id ?? null) },
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/shops/:id',
      publicCache: true,
      summary: 'One shop',
      tags,
      params: shopParamsSchema,
      response: shopDetailResponseSchema,
    },
    async ({ params, req }) => ({ data: { shop: await catalog.shop(params.id, req.locale) } }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/shop-categories',
      publicCache: true,
      summary: 'Categories a shop sells in, with product counts',
      tags,
      query: shopCategoriesQuerySchema,
      response: shopCategoriesResponseSchema,
    },
    async ({ query, req }) => ({ data: { categories: await catalog.shopCategories(query.shop_id, req.locale) } }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/flash-sales',
      publicCache: true,
      auth: 'optional',
      summary: 'The running and the next flash sale',
      tags,
      response: flashSalesResponseSchema,
    },
    async ({ req, auth }) => ({ data: await catalog.flashSales(req.locale, auth?.id ?? null) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/flash-sale/:id/details',
      publicCache: true,
      auth: 'optional',
      summary: 'A flash sale with its products, paged, of one category when category_id is given',
      tags,
      params: flashSaleParamsSchema,
      query: flashSaleDetailsQuerySchema,
      response: flashSaleDetailsResponseSchema,
    },
    async ({ params, query, req, auth }) => ({
      data: await catalog.flashSaleDetails(params.id, query, req.locale, auth?.id ?? null),
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/home',
      publicCache: true,
      auth: 'optional',
      summary: 'Everything of the home page',
      tags,
      query: homeQuerySchema,
      response: homeResponseSchema,
    },
    async ({ query, req, auth }) => ({ data: await catalog.home(query.page, query.per_page, req.locale, auth?.id ?? null) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/recently-views',
      summary: 'Products the customer viewed last',
      tags,
      auth: 'user',
      response: recentlyViewedResponseSchema,
    },
    async ({ req, auth }) => {
      const user = auth;
      return { data: { products: await catalog.recentlyViewed(user.id, req.locale) } };
    },
  );
}
