import { type AdminBanner, type AdminBanners, type BannersQuery, type BannerWrite, TAXONOMY_PER_PAGE } from '@souq/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db';
import { notFound, validationError } from '../../http/route';
import { changesOf, recordAudit, type Actor } from '../audit';
import type { ConsolePictures } from './pictures';
import { withPicture } from './pictures';

const COLUMNS = ['id', 'title', 'title_ar', 'thumbnail', 'url', 'placement', 'sort', 'is_active'] as const;
type BannerRow = {
  id: number;
  title: string;
  title_ar: string | null;
  thumbnail: string;
  url: string | null;
  placement: 'home' | 'ads';
  sort: number;
  is_active: number;
};

const toBanner = (r: BannerRow): AdminBanner => ({
  id: r.id,
  title: r.title,
  title_ar: r.title_ar,
  image: r.thumbnail,
  link: r.url,
  placement: r.placement === 'ads' ? 'ads' : 'home',
  sort: Number(r.sort),
  is_active: Number(r.is_active) === 1,
});

const audited = ({ id: _id, ...fields }: AdminBanner): Record<string, unknown> => fields;

function filtered(db: DbOrTrx, q: BannersQuery) {
  let s = db.selectFrom('banners');
  if (q.placement) s = s.where('placement', '=', q.placement);
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    s = s.where(sql<boolean>`(lower(title) like ${like} escape '\\' or lower(coalesce(title_ar, '')) like ${like} escape '\\')`);
  }
  return s;
}

const bannerOf = (db: DbOrTrx, id: number) => db.selectFrom('banners').select(COLUMNS).where('id', '=', id).executeTakeFirst();

/** The home page's banners (BACKOFFICE.md "Operator console", Home): list, create with its picture, partial update, delete. */
export function createBannersService({ db, pictures, now }: { db: Db; pictures: ConsolePictures; now: () => Date }) {
  async function list(q: BannersQuery): Promise<AdminBanners> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? TAXONOMY_PER_PAGE;
    const [rows, count] = await Promise.all([
      filtered(db, q)
        .select(COLUMNS)
        .orderBy('placement')
        .orderBy('sort')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      filtered(db, q)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.n), banners: rows.map(toBanner) };
  }

  const columns = (body: BannerWrite) => {
    const out: Record<string, unknown> = {};
    if (body.title !== undefined) out.title = body.title;
    if (body.title_ar !== undefined) out.title_ar = body.title_ar;
    if (body.link !== undefined) out.url = body.link;
    if (body.placement !== undefined) out.placement = body.placement;
    if (body.sort !== undefined) out.sort = body.sort;
    if (body.is_active !== undefined) out.is_active = body.is_active ? 1 : 0;
    return out;
  };

  async function create(
    actor: Actor,
    body: BannerWrite & { title: string; title_ar: string },
    upload: Buffer | null,
  ): Promise<AdminBanner> {
    if (!upload) throw validationError({ image: ['The image field is required.'] });
    const picture = await pictures.store('banners', 'banner', upload);
    const at = now();
    return withPicture(picture, (url) =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('banners')
          .values({ placement: 'home', sort: 0, is_active: 1, url: null, ...columns(body), title: body.title, thumbnail: url! })
          .returning('id')
          .executeTakeFirstOrThrow();
        const banner = toBanner((await bannerOf(trx, id))!);
        await recordAudit(
          trx,
          actor,
          { action: 'banner.create', targetType: 'banner', targetId: id, changes: changesOf({}, audited(banner)) },
          at,
        );
        return banner;
      }),
    );
  }

  async function update(actor: Actor, id: number, body: BannerWrite, upload: Buffer | null): Promise<AdminBanner> {
    if (!(await bannerOf(db, id))) throw notFound('Banner not found.');
    const picture = upload ? await pictures.store('banners', 'banner', upload) : null;
    const at = now();
    return withPicture(picture, (url) =>
      db.transaction().execute(async (trx) => {
        const before = await bannerOf(trx, id);
        if (!before) throw notFound('Banner not found.');
        const values = columns(body);
        if (url) values.thumbnail = url;
        if (Object.keys(values).length) await trx.updateTable('banners').set(values).where('id', '=', id).execute();
        const after = toBanner((await bannerOf(trx, id))!);
        const changes = changesOf(audited(toBanner(before)), audited(after));
        if (Object.keys(changes).length)
          await recordAudit(trx, actor, { action: 'banner.update', targetType: 'banner', targetId: id, changes }, at);
        return after;
      }),
    );
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const before = await bannerOf(trx, id);
      if (!before) throw notFound('Banner not found.');
      await trx.deleteFrom('banners').where('id', '=', id).execute();
      const fields = audited(toBanner(before));
      await recordAudit(
        trx,
        actor,
        { action: 'banner.delete', targetType: 'banner', targetId: id, changes: changesOf(fields, {}, Object.keys(fields)) },
        at,
      );
    });
  }

  return { list, create, update, remove };
}
