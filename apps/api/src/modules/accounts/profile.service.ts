import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChangePasswordBody, ProfileBody, User } from '@souq/contracts';
import { notFound, validationError } from '../../http/route';
import { hashPassword, verifyPassword, passwordProblems, revokeAllTokens } from '../auth';
import { checkPhone, phoneRules } from './auth.service';
import { type AccountsContext, isUniqueViolation } from './context';
import type { PhotoProcessor } from './profile-photo';
import { voidOpenCodes } from './otp.repository';
import {
  emailTakenByOther,
  findUserById,
  lockPhoto,
  phoneTakenByOther,
  setPasswordHash,
  toUser,
  touchLastOnline,
  updateUser,
} from './users.repository';

const PHOTO_URL = /^\/uploads\/profiles\/[a-f0-9]{32}\.webp$/;

export function createProfileService(ctx: AccountsContext, dataDir: string, photos: PhotoProcessor) {
  const { db } = ctx;
  const profilesDir = path.join(dataDir, 'uploads', 'profiles');

  async function profile(userId: number): Promise<User> {
    const row = await findUserById(db, userId);
    if (!row) throw notFound();
    return toUser(row);
  }

  /**
   * Updates the given fields (and the photo). A changed phone or e-mail is no longer verified, and the
   * open codes sent to the old one are void (decision 014).
   * The new photo is written first and removed again if the update fails; the file it replaced goes
   * after, the one the row named when the update took it (see below), so concurrent uploads leave no orphans.
   */
  async function update(userId: number, body: ProfileBody, photo: Buffer | null): Promise<User> {
    const current = await findUserById(db, userId);
    if (!current) throw notFound();
    const errors: Record<string, string[]> = {};
    const phoneCode = body.phone_code ?? current.phone_code;
    const phone = body.phone === undefined ? current.phone : body.phone || null;
    const email = body.email === undefined ? current.email : body.email || null;
    if (body.phone !== undefined) checkPhone(await phoneRules(ctx), body.phone, errors);
    if (email && email !== current.email) {
      const taken = await emailTakenByOther(db, email, userId);
      if (taken) (errors.email ??= []).push('The email has already been taken.');
    }
    if (phone && (phone !== current.phone || phoneCode !== current.phone_code)) {
      const taken = await phoneTakenByOther(db, phone, phoneCode, userId);
      if (taken) (errors.phone ??= []).push('The phone has already been taken.');
    }
    if (!phone && !email) (errors.email ??= []).push('The email field is required when phone is not present.');
    if (Object.keys(errors).length) throw validationError(errors);

    const webp = photo ? await photos.process(photo) : null;
    let newFile: string | null = null;
    let photoUrl: string | undefined;
    if (webp) {
      await fs.mkdir(profilesDir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.webp`;
      newFile = path.join(profilesDir, name);
      await fs.writeFile(newFile, webp);
      photoUrl = `/uploads/profiles/${name}`;
    }
    const now = ctx.now().toISOString();
    let replaced: string | null = null;
    try {
      replaced = await db.transaction().execute(async (trx) => {
        // The row's lock first, then the photo it names (see lockPhoto).
        const old = photoUrl ? await lockPhoto(trx, userId, now) : null;
        await updateUser(trx, userId, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.country !== undefined ? { country: body.country } : {}),
          ...(body.gender !== undefined ? { gender: body.gender } : {}),
          ...(body.date_of_birth !== undefined ? { date_of_birth: body.date_of_birth || null } : {}),
          phone,
          phone_code: phoneCode,
          email,
          ...(phone !== current.phone || phoneCode !== current.phone_code ? { phone_verified_at: null } : {}),
          ...(email !== current.email ? { email_verified_at: null } : {}),
          ...(photoUrl ? { profile_photo: photoUrl } : {}),
          updated_at: now,
        });
        return old;
      });
    } catch (error) {
      if (newFile) await fs.rm(newFile, { force: true });
      if (isUniqueViolation(error)) throw validationError({ phone: ['The phone has already been taken.'] });
      throw error;
    }
    // Codes sent to the old phone or e-mail prove nothing about the new one (verify-otp checks that too).
    const changed = [
      ...(phone !== current.phone || phoneCode !== current.phone_code ? ['phone' as const] : []),
      ...(email !== current.email ? ['email' as const] : []),
    ];
    if (changed.length) {
      await voidOpenCodes(db, userId, changed, now);
    }
    if (replaced && replaced !== photoUrl && PHOTO_URL.test(replaced)) {
      await fs.rm(path.join(profilesDir, path.basename(replaced)), { force: true }).catch(() => undefined);
    }
    return profile(userId);
  }

  /** Changes the password and signs out every other device. */
  async function changePassword(userId: number, tokenId: number, body: ChangePasswordBody): Promise<void> {
    const row = await findUserById(db, userId);
    if (!row) throw notFound();
    const ok = await verifyPassword(row.password_hash, body.current_password);
    if (!ok) throw validationError({ current_password: ['The current password is incorrect.'] });
    if (body.password === body.current_password) {
      throw validationError({ password: ['The new password must be different from the current password.'] });
    }
    const weak = passwordProblems(body.password);
    if (weak.length) throw validationError({ password: weak });
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, userId, passwordHash, ctx.now().toISOString());
      await revokeAllTokens(trx, 'user', userId, tokenId);
    });
    ctx.tokens.revoked({ ownerType: 'user', ownerId: userId });
  }

  async function touchLastSeen(userId: number) {
    await touchLastOnline(db, userId, ctx.now().toISOString());
  }

  return { profile, update, changePassword, touchLastSeen };
}
