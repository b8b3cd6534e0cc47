import { favoriteBody, pageQuery } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { productCards } from '../catalog/product-cards';
import { type AccountsContext, isUniqueViolation } from './context';

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
      const product = await db.selectFrom('products').select('id').where('id', '=', body.product_id).executeTakeFirst();
      if (!product) throw notFound('Product not found.');
      const existing = await db
        .selectFrom('favorites')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', product.id)
        .executeTakeFirst();
      let added: boolean;
      if (existing) {
        await db.deleteFrom('favorites').where('id', '=', existing.id).where('user_id', '=', userId).execute();
        added = false;
      } else {
        // Only active products can be added; removing always works.
        const [card] = await productCards(db, [product.id], req.locale, null);
        if (!card) throw notFound('Product not found.');
        try {
          await db
            .insertInto('favorites')
            .values({ user_id: userId, product_id: product.id, created_at: ctx.now().toISOString() })
            .execute();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error; // a double click: it is already there
        }
        added = true;
      }
      const [card] = await productCards(db, [product.id], req.locale, userId);
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
      const base = db
        .selectFrom('favorites as f')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .innerJoin('shops as s', 's.id', 'p.shop_id')
        .where('f.user_id', '=', userId)
        .where('p.is_active', '=', 1)
        .where('s.is_active', '=', 1);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select('f.product_id')
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
      ]);
      const products = await productCards(
        db,
        rows.map((r) => r.product_id),
        req.locale,
        userId,
      );
      return { data: { total: Number(count.n), products } };
    },
  );
}
