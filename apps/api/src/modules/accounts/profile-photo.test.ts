import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { accountsConfig, register } from './test-support';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** A flat PNG: a few kilobytes on the wire, width × height × 3 bytes once decoded. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** POST /api/update-profile with a photo, as a browser's FormData would send it. */
async function upload(app: App, auth: Record<string, string>, photo: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/update-profile',
    headers: { ...auth, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const photoFiles = (app: App) => {
  const dir = path.join(app.config.dataDir, 'uploads', 'profiles');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

const photoOf = async (app: App, userId: number) =>
  (await app.db.selectFrom('users').select('profile_photo').where('id', '=', userId).executeTakeFirstOrThrow()).profile_photo;

describe('profile photo dimensions', () => {
  it('refuses a small file of a huge image (6320×6320) from its header, and accepts 4096×4096', async () => {
    const app = await createTestApp({ accounts: accountsConfig({ loginLimitPerIp: 1000 }) });
    const me = await register(app);
    const bomb = await flatPng(6320, 6320);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(app, me.auth, bomb);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.profile_photo[0]).toMatch(/at most 4096×4096 pixels/);
    const tall = await upload(app, me.auth, await flatPng(16, 4097));
    expect(tall.statusCode).toBe(422);
    expect(await photoOf(app, me.user.id)).toBeNull();
    expect(photoFiles(app)).toEqual([]);

    const edge = await upload(app, me.auth, await flatPng(4096, 4096));
    expect(edge.statusCode, edge.body).toBe(200);
    expect(edge.json().data.user.profile_photo).toMatch(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/);
  });
});

describe('profile photo queue', () => {
  it('decodes one photo at a time with one waiting; more at once answer 503 with Retry-After, never 500', async () => {
    const app = await createTestApp({
      accounts: accountsConfig({ loginLimitPerIp: 1000, photo: { concurrency: 1, queueLimit: 1, uploadsPerUser: 100 } }),
    });
    const users = await Promise.all(Array.from({ length: 8 }, () => register(app)));
    const heavy = await flatPng(4096, 4096);
    const answers = await Promise.all(users.map((u) => upload(app, u.auth, heavy)));
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(r.json()).toEqual({ message: 'Too many photos are being processed. Please try again shortly.' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A refused upload changed nothing and left no file; the queue empties and takes uploads again.
    const refused = users.filter((_, i) => statuses[i] === 503);
    for (const u of refused) expect(await photoOf(app, u.user.id)).toBeNull();
    expect(photoFiles(app).length).toBe(statuses.filter((s) => s === 200).length);
    const again = await upload(app, refused[0]!.auth, heavy);
    expect(again.statusCode).toBe(200);
  });
});

describe('profile photo rate limit', () => {
  it('allows PHOTO_UPLOAD_LIMIT_PER_USER uploads per window and customer, then 429; other updates and customers go on', async () => {
    const app = await createTestApp({
      accounts: accountsConfig({ loginLimitPerIp: 1000, photo: { concurrency: 1, queueLimit: 8, uploadsPerUser: 3 } }),
    });
    const me = await register(app);
    const other = await register(app);
    const small = await flatPng(64, 64);
    for (let i = 0; i < 3; i++) expect((await upload(app, me.auth, small)).statusCode).toBe(200);
    const kept = await photoOf(app, me.user.id);
    const limited = await upload(app, me.auth, small, { name: 'Still Me' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many profile photo uploads\. Please try again in \d+ (minutes|seconds?)\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await photoOf(app, me.user.id)).toBe(kept);
    // Updates without a photo are not uploads; another customer has a budget of their own.
    const named = await app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: me.auth,
      payload: { name: 'New Name' },
    });
    expect(named.statusCode).toBe(200);
    expect((await upload(app, other.auth, small)).statusCode).toBe(200);
  });
});

describe('profile photo replacement', () => {
  it('32 concurrent uploads of one customer leave exactly the file the row names', async () => {
    const app = await createTestApp({
      accounts: accountsConfig({ loginLimitPerIp: 1000, photo: { concurrency: 2, queueLimit: 64, uploadsPerUser: 100 } }),
    });
    const me = await register(app);
    const photos = await Promise.all(Array.from({ length: 32 }, (_, i) => flatPng(32 + i, 32)));
    const answers = await Promise.all(photos.map((p) => upload(app, me.auth, p)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const named = await photoOf(app, me.user.id);
    expect(named).toMatch(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/);
    expect(photoFiles(app)).toEqual([path.basename(named!)]);
  });
});
