import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addressSchema, DEFAULT_AVATAR_URL } from '@souq/contracts';
import { createTestApp } from '../../../test/helpers';
import { DEMO_CUSTOMER } from '../../../seed';
import { accountsConfig, bearer, register } from './test-support';

const app = await createTestApp({ accounts: accountsConfig({ loginLimitPerIp: 1000 }) });

/** A multipart/form-data body with text fields and files. */
function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; filename: string; type: string; data: Buffer }> = [],
) {
  const boundary = `----souq${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (w = 640, h = 480) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe('profile', () => {
  it('GET /api/profile needs a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('updates fields and a real PNG photo by multipart; the photo becomes a 256×256 WebP, the old one is removed', async () => {
    const me = await register(app);
    const form = multipart({ name: 'New Name', gender: 'female', date_of_birth: '1990-05-17', country: 'Oman' }, [
      { name: 'profile_photo', filename: 'me.png', type: 'image/png', data: await png() },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: { ...me.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data.user;
    expect(user).toMatchObject({ name: 'New Name', gender: 'female', date_of_birth: '1990-05-17', phone: me.phone });
    expect(user.profile_photo).toMatch(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/);
    const file = path.join(app.config.dataDir, user.profile_photo);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const second = multipart({}, [{ name: 'profile_photo', filename: 'b.png', type: 'image/png', data: await png(300, 900) }]);
    const res2 = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: { ...me.auth, ...second.headers },
      payload: second.payload,
    });
    expect(res2.statusCode).toBe(200);
    const photo2 = res2.json().data.user.profile_photo;
    expect(photo2).not.toBe(user.profile_photo);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.join(app.config.dataDir, photo2))).toBe(true);
    expect(res2.json().data.user.name).toBe('New Name');
  });

  it('accepts a photo between 1 and 2 MB (the JSON body limit does not apply to uploads)', async () => {
    const me = await register(app);
    const noisy = await sharp({
      create: { width: 800, height: 700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect(noisy.length).toBeLessThan(2 * 1024 * 1024);
    const form = multipart({}, [{ name: 'profile_photo', filename: 'n.png', type: 'image/png', data: noisy }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: { ...me.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.profile_photo).toMatch(/\.webp$/);
  });

  it('refuses a file that is not an image, and one over 2 MB, with 422 and no change', async () => {
    const me = await register(app);
    const fake = multipart({ name: 'Changed' }, [
      { name: 'profile_photo', filename: 'x.png', type: 'image/png', data: Buffer.from('not an image') },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: { ...me.auth, ...fake.headers },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      profile_photo: ['The profile photo field must be a file of type: jpg, jpeg, png, webp.'],
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifForm = multipart({}, [{ name: 'profile_photo', filename: 'x.gif', type: 'image/gif', data: gif }]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/update-profile',
          headers: { ...me.auth, ...gifForm.headers },
          payload: gifForm.payload,
        })
      ).statusCode,
    ).toBe(422);

    const big = multipart({}, [
      { name: 'profile_photo', filename: 'big.png', type: 'image/png', data: Buffer.alloc(2 * 1024 * 1024 + 10, 1) },
    ]);
    const res2 = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: { ...me.auth, ...big.headers },
      payload: big.payload,
    });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().errors.profile_photo[0]).toMatch(/2048 kilobytes/);
    const profile = (await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth })).json().data.user;
    expect(profile.name).toBe('Test Customer');
    // Nothing was stored: still the default avatar (issue 19: never null).
    expect(profile.profile_photo).toBe(DEFAULT_AVATAR_URL);
  });

  it('updates by JSON, validates, refuses a taken e-mail, and a changed e-mail is no longer verified', async () => {
    const me = await register(app);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: me.auth,
      payload: { name: 'A', email: 'x', gender: 'other', date_of_birth: '2990-01-01', phone: '12' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date_of_birth', 'email', 'gender', 'name']);
    expect(bad.json().errors.gender).toEqual(['The selected gender is invalid.']);
    const shortPhone = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: me.auth,
      payload: { phone: '123' },
    });
    expect(shortPhone.json().errors).toEqual({ phone: ['The phone field must be at least 8 characters.'] });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: me.auth,
      payload: { email: DEMO_CUSTOMER.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const takenPhone = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: me.auth,
      payload: { phone: DEMO_CUSTOMER.phone },
    });
    expect(takenPhone.json().errors).toEqual({ phone: ['The phone has already been taken.'] });

    await app.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', me.user.id).execute();
    const ok = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: me.auth,
      payload: { email: `NEW-${me.email}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ email: `new-${me.email}`, email_verified: false });
  });

  it('POST /api/update-last-seen answers 204 and stores the time', async () => {
    const me = await register(app);
    await app.db.updateTable('users').set({ last_online_at: null }).where('id', '=', me.user.id).execute();
    const res = await app.inject({
      method: 'POST',
      url: '/api/update-last-seen',
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const row = await app.db.selectFrom('users').select('last_online_at').where('id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row.last_online_at).toBeTruthy();
    expect((await app.inject({ method: 'POST', url: '/api/update-last-seen' })).statusCode).toBe(401);
    // An empty JSON body is fine too.
    const empty = await app.inject({
      method: 'POST',
      url: '/api/update-last-seen',
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(204);
  });
});

describe('POST /api/change-password', () => {
  it('checks the current password, changes it and revokes the other tokens only', async () => {
    const me = await register(app);
    const other = (
      await app.inject({ method: 'POST', url: '/api/login', payload: { phone: me.email, password: me.password } })
    ).json().data.access.token;
    // The other device is signed in and has been seen (its token is now known to this process).
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: bearer(other) })).statusCode).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: me.auth,
      payload: { current_password: 'wrong-one', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: me.auth,
      payload: { current_password: me.password, password: 'brand-new-pass', password_confirmation: 'nope' },
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Confirm Password does not match.'] });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: me.auth,
      payload: { current_password: me.password, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: bearer(other) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/login', payload: { phone: me.email, password: 'brand-new-pass' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('addresses', () => {
  const address = (over: Record<string, unknown> = {}) => ({
    name: 'Home',
    phone: '91234567',
    area: 'Al Khuwair',
    flat_no: '12',
    address_type: 'home',
    address_line: 'Way 3021, Building 7',
    post_code: '133',
    latitude: 23.588,
    longitude: 58.3829,
    ...over,
  });

  it('stores, lists (default first), updates the default in one place and deletes', async () => {
    const me = await register(app);
    const store = (body: object) => app.inject({ method: 'POST', url: '/api/address/store', headers: me.auth, payload: body });
    const first = await store(address());
    expect(first.statusCode, first.body).toBe(200);
    const a1 = addressSchema.parse(first.json().data.address);
    expect(a1.is_default).toBe(true); // the first address is the default
    const a2 = (await store(address({ name: 'Office', address_type: 'office', is_default: false }))).json().data.address;
    expect(a2.is_default).toBe(false);
    const a3 = (await store(address({ name: 'Parents', address_type: 'other', is_default: 'true' }))).json().data.address;
    expect(a3.is_default).toBe(true);

    let list = (await app.inject({ method: 'GET', url: '/api/addresses', headers: me.auth })).json().data;
    expect(list.total).toBe(3);
    expect(list.addresses.map((a: { id: number }) => a.id)).toEqual([a3.id, a2.id, a1.id]);
    expect(list.addresses.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);

    const upd = await app.inject({
      method: 'POST',
      url: `/api/address/${a2.id}/update`,
      headers: me.auth,
      payload: { is_default: true, flat_no: '' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.address).toMatchObject({ id: a2.id, is_default: true, flat_no: null, name: 'Office' });
    list = (await app.inject({ method: 'GET', url: '/api/addresses', headers: me.auth })).json().data;
    expect(list.addresses[0].id).toBe(a2.id);
    expect(list.addresses.filter((a: { is_default: boolean }) => a.is_default).map((a: { id: number }) => a.id)).toEqual([a2.id]);

    const del = await app.inject({ method: 'DELETE', url: `/api/address/${a2.id}/delete`, headers: me.auth });
    expect(del.statusCode).toBe(200);
    list = (await app.inject({ method: 'GET', url: '/api/addresses', headers: me.auth })).json().data;
    expect(list.total).toBe(2);
    expect(list.addresses.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
  });

  it('validates the fields', async () => {
    const me = await register(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/address/store',
      headers: me.auth,
      payload: { phone: 'abc', address_type: 'castle', latitude: 100 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      phone: ['The phone field must be a valid phone number.'],
      address_type: ['The selected address type is invalid.'],
      address_line: ['The address line field is required.'],
      latitude: ['The latitude field must be between -90 and 90.'],
    });
  });

  it("answers 404 for another customer's address and leaves it alone", async () => {
    const owner = await register(app);
    const intruder = await register(app);
    const a = (await app.inject({ method: 'POST', url: '/api/address/store', headers: owner.auth, payload: address() })).json()
      .data.address;
    const upd = await app.inject({
      method: 'POST',
      url: `/api/address/${a.id}/update`,
      headers: intruder.auth,
      payload: { name: 'Mine now' },
    });
    expect(upd.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: `/api/address/${a.id}/delete`, headers: intruder.auth });
    expect(del.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/addresses', headers: intruder.auth })).json().data).toEqual({
      total: 0,
      addresses: [],
    });
    const mine = (await app.inject({ method: 'GET', url: '/api/addresses', headers: owner.auth })).json().data.addresses;
    expect(mine).toEqual([a]);
    expect((await app.inject({ method: 'GET', url: '/api/addresses' })).statusCode).toBe(401);
    for (const bad of ['abc', '0', '99999999999', '-1']) {
      expect((await app.inject({ method: 'DELETE', url: `/api/address/${bad}/delete`, headers: owner.auth })).statusCode).toBe(
        404,
      );
    }
  });
});

describe('wishlist', () => {
  it('adds and removes a product, lists it, and keeps wishlists apart', async () => {
    const me = await register(app);
    const someone = await register(app);
    const product = await app.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const toggle = (auth: Record<string, string>, product_id: unknown) =>
      app.inject({ method: 'POST', url: '/api/favorite-add-or-remove', headers: auth, payload: { product_id } });

    const added = await toggle(me.auth, product.id);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.product).toMatchObject({ id: product.id, is_favorite: true });
    let list = (await app.inject({ method: 'GET', url: '/api/favorite-products', headers: me.auth })).json().data;
    expect(list.total).toBe(1);
    expect(list.products.map((p: { id: number }) => p.id)).toEqual([product.id]);

    const theirs = (await app.inject({ method: 'GET', url: '/api/favorite-products', headers: someone.auth })).json().data;
    expect(theirs).toEqual({ total: 0, products: [] });

    const removed = await toggle(me.auth, product.id);
    expect(removed.json().data.product).toMatchObject({ id: product.id, is_favorite: false });
    list = (await app.inject({ method: 'GET', url: '/api/favorite-products', headers: me.auth })).json().data;
    expect(list.total).toBe(0);

    expect((await toggle(me.auth, 99_999_999)).statusCode).toBe(404);
    const invalid = await toggle(me.auth, 'abc');
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['product_id']);
    expect((await app.inject({ method: 'GET', url: '/api/favorite-products' })).statusCode).toBe(401);
  });
});
