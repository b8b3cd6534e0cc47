import { changePasswordBody, profileBody, userResponseSchema } from '@souq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartForm } from '../../http/multipart-form';
import { parseOr422, route } from '../../http/route';
import { type AccountsContext, limit, passwordWork } from './context';
import { createPhotoProcessor, PHOTO_RETRY_AFTER_SECONDS, PhotoBusyError, PROFILE_PHOTO_MAX_BYTES } from './profile-photo';
import { createProfileService } from './profile.service';

const TEXT_FIELDS = new Set(['name', 'phone', 'email', 'gender', 'date_of_birth', 'country', 'phone_code']);

/** Reads a multipart profile form: the known text fields and at most one profile_photo. */
const readMultipart = async (req: FastifyRequest) => {
  const { fields, file } = await readMultipartForm(req, {
    textFields: TEXT_FIELDS,
    fileField: 'profile_photo',
    tooLarge: 'The profile photo field must not be greater than 2048 kilobytes.',
  });
  return { fields, photo: file };
};

export function profileRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const profiles = createProfileService(ctx, app.config.dataDir, createPhotoProcessor(ctx.config.photo));

  route(
    app,
    {
      method: 'GET',
      url: '/api/profile',
      summary: 'The signed-in customer',
      tags: ['accounts'],
      auth: 'user',
      response: userResponseSchema,
    },
    async ({ auth }) => {
      const { id } = auth;
      return { data: { user: await profiles.profile(id) } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/update-profile',
      summary: 'Update the profile (multipart/form-data with an optional profile_photo, or JSON)',
      tags: ['accounts'],
      auth: 'user',
      response: userResponseSchema,
    },
    async ({ req, reply, auth }) => {
      const { id } = auth;
      let input: unknown = req.body;
      let photo: Buffer | null = null;
      if (req.isMultipart()) {
        const form = await readMultipart(req);
        input = form.fields;
        photo = form.photo;
      }
      const body = parseOr422(profileBody, input);
      // Every upload is decoded: they are counted per customer before any decoding starts.
      if (photo) {
        await limit(
          ctx,
          reply,
          [{ key: `photo:user:${id}`, limit: ctx.config.photo.uploadsPerUser }],
          'Too many profile photo uploads.',
        );
      }
      try {
        const user = await profiles.update(id, body, photo);
        return { message: 'Profile updated successfully.', data: { user } };
      } catch (error) {
        if (error instanceof PhotoBusyError) reply.header('retry-after', String(PHOTO_RETRY_AFTER_SECONDS));
        throw error;
      }
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/change-password',
      summary: 'Change the password; signs out the other devices',
      tags: ['accounts'],
      auth: 'user',
      body: changePasswordBody,
    },
    async ({ body, reply, auth }) => {
      const user = auth;
      await limit(
        ctx,
        reply,
        [{ key: `password:user:${user.id}`, limit: ctx.config.loginLimitPerAccount }],
        'Too many attempts.',
      );
      await passwordWork(reply, () => profiles.changePassword(user.id, user.tokenId, body));
      return { message: 'Password changed successfully.' };
    },
  );

  route(
    app,
    { method: 'POST', url: '/api/update-last-seen', summary: 'Mark the customer online now', tags: ['accounts'], auth: 'user' },
    async ({ reply, auth }) => {
      const { id } = auth;
      await profiles.touchLastSeen(id);
      return reply.status(204).send();
    },
  );
}

export { PROFILE_PHOTO_MAX_BYTES };
