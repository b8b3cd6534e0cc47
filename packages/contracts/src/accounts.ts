import { z } from 'zod';
import { envelope } from './common';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  email: z.string().nullable(),
  profile_photo: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  date_of_birth: z.string().nullable(),
  country: z.string().nullable(),
  phone_verified: z.boolean(),
  email_verified: z.boolean(),
  account_verified: z.boolean(),
  last_online: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const accessSchema = z.object({ auth_type: z.literal('Bearer'), token: z.string(), expires_at: z.string() });
export type Access = z.infer<typeof accessSchema>;

export const authResponseSchema = envelope(z.object({ user: userSchema, access: accessSchema }));

const trimmed = (max: number) => z.string().trim().max(max);

export const registrationBody = z
  .object({
    name: trimmed(100).min(2, 'The name field must be at least 2 characters.'),
    phone: z.string().trim().regex(/^\d*$/, 'The phone field must contain digits only.').optional().default(''),
    email: z.email('The email field must be a valid email address.').max(190).optional().or(z.literal('')),
    password: z.string().min(8, 'The password field must be at least 8 characters.').max(128),
    password_confirmation: z.string().optional(),
    country: trimmed(100).min(1, 'The country field is required.'),
    phone_code: z
      .string()
      .trim()
      .regex(/^\+\d{1,4}$/, 'The phone code is invalid.'),
  })
  .refine((b) => b.password_confirmation === undefined || b.password_confirmation === b.password, {
    path: ['password_confirmation'],
    message: 'Confirm Password does not match.',
  });
export type RegistrationBody = z.infer<typeof registrationBody>;

export const loginBody = z.object({
  phone: trimmed(190).min(1, 'The phone or email field is required.'),
  password: z.string().min(1, 'The password field is required.').max(128),
  phone_code: z.string().trim().max(5).optional(),
});
