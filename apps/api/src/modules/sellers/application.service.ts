import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locale, ShopApplicationBody } from '@souq/contracts';
import type { Db } from '../../db';
import { validationError } from '../../http/route';
import { searchIndexText } from '../../shared/search-text';
import { hashPassword, passwordProblems } from '../auth';
import * as repo from './application.repository';
import { isUniqueViolation } from '../../db/errors';

const LOGO_URL_DIR = '/uploads/shops';

/** A URL slug from the English shop name ("Nizwa Dates & Co." → "nizwa-dates-co"). */
export const shopSlug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'shop';


export interface ApplicationDeps {
  db: Db;
  /** Where uploads live (`<dataDir>/uploads`, served at /uploads/). */
  uploadsDir: string;
  processLogo(buffer: Buffer): Promise<Buffer>;
  now: () => Date;
}

/**
 * Become a Seller (issue 18, decision 022): an application creates the shop, pending and inactive
 * (invisible to shoppers), and its seller account, in one transaction; the seller signs in once the shop
 * is approved (in the operator console, or `npm run shop:approve -- <id>`).
 */
export function createApplicationService({ db, uploadsDir, processLogo, now }: ApplicationDeps) {
  /** `locale`: the applicant's language, kept for the marketplace's e-mails to the seller. */
  async function apply(body: ShopApplicationBody, logo: Buffer | null, locale: Locale) {
    const errors: Record<string, string[]> = {};
    if (!logo) errors.logo = ['The logo field is required.'];
    const weak = passwordProblems(body.password);
    if (weak.length) errors.password = weak;
    const [emailTaken, nameTaken] = await Promise.all([
      repo.sellerEmailTaken(db, body.email),
      repo.shopNameTaken(db, body.shop_name, body.shop_name_ar),
    ]);
    if (emailTaken) errors.email = ['The email has already been taken.'];
    if (nameTaken) errors.shop_name = ['A shop with this name already exists.'];
    if (Object.keys(errors).length) throw validationError(errors);

    // The logo is decoded and the password hashed before the transaction: it stays short.
    const webp = await processLogo(logo!);
    const passwordHash = await hashPassword(body.password);
    const file = `${randomBytes(16).toString('hex')}.webp`;
    const dir = path.join(uploadsDir, 'shops');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, file), webp);
    const at = now().toISOString();
    try {
      return await db.transaction().execute(async (trx) => {
        const base = shopSlug(body.shop_name);
        const slug = (await repo.slugTaken(trx, base)) ? `${base}-${randomBytes(3).toString('hex')}` : base;
        const shopId = await repo.insertPendingShop(trx, {
          name: body.shop_name,
          name_ar: body.shop_name_ar,
          slug,
          logo: `${LOGO_URL_DIR}/${file}`,
          search_text: searchIndexText(`${body.shop_name} ${body.shop_name_ar}`),
          phone: body.phone,
          email: body.email,
          at,
        });
        await repo.insertSellerAccount(trx, {
          shop_id: shopId,
          name: body.name,
          email: body.email,
          phone: body.phone,
          password_hash: passwordHash,
          locale,
          at,
        });
        return { id: shopId, name: body.shop_name, status: 'pending' as const };
      });
    } catch (error) {
      // Nothing half-written: the rows rolled back, the logo goes too.
      await fs.rm(path.join(dir, file), { force: true });
      // Two applications with one e-mail at once: the second finds it taken.
      if (isUniqueViolation(error)) throw validationError({ email: ['The email has already been taken.'] });
      throw error;
    }
  }

  const pending = () => repo.pendingShops(db);

  // Approval (and rejection, suspension) is the operator console's shop status service
  // (modules/admin-shops/shop-status.ts), which `npm run shop:approve` uses too.
  return { apply, pending };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
