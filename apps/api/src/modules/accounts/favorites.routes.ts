import { favoriteBody, pageQuery } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { productCards } from '../catalog';
import { type AccountsContext, isUniqueViolation } from './context';
import { deleteFavorite, favoritePage, findFavorite, insertFavorite, productExists } from './favorites.repository';

const DEFAULT_PER_PAGE = 50;

export function favoritesRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const { db } = ctx;

  route(
    app,
    {
      method: 'POST',
      url: '/api/favorite-add-or-remove',
      summary: 'Add a product to the wishlist, or remove it when it is there',
      tags: ['accounts'],
      auth: 'user',
      body: favoriteBody,
    },
    async ({ body, req, auth }) => {
      const { id: userId } = auth;
      const productId = body.product_id;
      if (!(await productExists(db, productId))) throw notFound('Product not found.');
      const existing = await findFavorite(db, userId, productId);
      let added: boolean;
      if (existing) {
        await deleteFavorite(db, userId, existing.id);
        added = false;
      } else {
        // Only active products can be added; removing always works.
        const [card] = await productCards(db, app.dialect, [productId], req.locale, null);
        if (!card) throw notFound('Product not found.');
        try {
          await insertFavorite(db, userId, productId, ctx.now().toISOString());
        } catch (error) {
          if (!isUniqueViolation(error)) throw error; // a double click: it is already there
        }
        added = true;
      }
      const [card] = await productCards(db, app.dialect, [productId], req.locale, userId);
      return {
        message: added ? 'Product added to your wishlist.' : 'Product removed from your wishlist.',
        data: { product: card ?? null },
      };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/favorite-products',
      summary: "The customer's wishlist, newest first",
      tags: ['accounts'],
      auth: 'user',
      query: pageQuery,
    },
    async ({ query, req, auth }) => {
      const { id: userId } = auth;
      const perPage = query.per_page ?? DEFAULT_PER_PAGE;
      const page = query.page ?? 1;
      const { total, productIds } = await favoritePage(db, userId, page, perPage);
      const products = await productCards(db, app.dialect, productIds, req.locale, userId);
      return { data: { total, products } };
    },
  );
}
