import { z } from 'zod';
import { envelope } from './common';
import { cleanText, fieldLabel, isCalendarDate, stringField, stripInvisible } from './text';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  email: z.string().nullable(),
  /** The uploaded photo, or the default avatar (DEFAULT_AVATAR_URL): never null. */
  profile_photo: z.string(),
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

const label = fieldLabel;
const str = stringField;

/** A string field cleaned as every text input is (invisible characters stripped, controls refused). */
const clean = (field: string) => cleanText(label(field), str(field));

/** A required trimmed text of at most `max` characters. */
const text = (field: string, max: number) =>
  clean(field)
    .min(1, `The ${label(field)} field is required.`)
    .max(max, `The ${label(field)} field must not be greater than ${max} characters.`);

/**
 * An optional trimmed text: an absent key stays absent (undefined: an update leaves the field alone),
 * while null or a text that is empty once cleaned clears it (null).
 */
const optionalText = (field: string, max: number) =>
  z
    .union([clean(field).max(max, `The ${label(field)} field must not be greater than ${max} characters.`), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

const emailField = (field = 'email') =>
  clean(field)
    .toLowerCase()
    .max(190, `The ${field} field must not be greater than 190 characters.`)
    .pipe(z.email(`The ${field} field must be a valid email address.`));

const phoneCode = str('phone_code')
  .trim()
  .regex(/^\+\d{1,4}$/, 'The phone code is invalid.');

export const PASSWORD_SPACES_ONLY = 'The password field must not consist of spaces only.';

/** A new password: 8 to 128 characters, not only spaces (the API also refuses the most common ones). */
const password = (field = 'password') =>
  str(field)
    .min(8, `The ${label(field)} field must be at least 8 characters.`)
    .max(128, `The ${label(field)} field must not be greater than 128 characters.`)
    .refine((v) => stripInvisible(v) !== '', PASSWORD_SPACES_ONLY);

/** true/false, 1/0, "true"/"false", "1"/"0", "on" (forms send strings). */
export const boolish = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])], {
    error: 'The field must be true or false.',
  })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1' || v === 'on');

const confirmed = <T extends { password: string; password_confirmation?: string }>(b: T) =>
  b.password_confirmation === undefined || b.password_confirmation === b.password;
const confirmMessage = { path: ['password_confirmation'], message: 'Confirm Password does not match.' };
/** The fields of a body that sets a password (registration, reset, change), checked with `confirmed`. */
const newPassword = {
  password: password(),
  password_confirmation: str('password_confirmation').optional(),
};

export const registrationBody = z
  .object({
    name: text('name', 100).min(2, 'The name field must be at least 2 characters.'),
    phone: clean('phone')
      .regex(/^\d*$/, 'The phone field must contain digits only.')
      .max(16, 'The phone field must not be greater than 16 characters.')
      .optional()
      .default(''),
    email: z.union([emailField(), z.literal('')]).optional(),
    ...newPassword,
    country: text('country', 100),
    phone_code: phoneCode,
  })
  .refine(confirmed, confirmMessage);
export type RegistrationBody = z.infer<typeof registrationBody>;

export const loginBody = z.object({
  phone: clean('phone').min(1, 'The phone or email field is required.').max(190),
  password: str('password').min(1, 'The password field is required.').max(128),
  phone_code: clean('phone_code').max(5).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

// --- One-time codes and password reset ------------------------------------------------------------

export const sendOtpBody = z.object({
  phone: clean('phone').min(1, 'The phone or email field is required.').max(190),
  phone_code: z.union([phoneCode, z.literal(''), z.null()]).optional(),
  forgot_password: boolish.optional(),
});
export type SendOtpBody = z.infer<typeof sendOtpBody>;
export const sendOtpResponseSchema = envelope(z.object({ email_or_phone: z.string(), otp: z.string().optional() }));

export const verifyOtpBody = z.object({
  phone: clean('phone').min(1, 'The phone or email field is required.').max(190),
  phone_code: z.union([phoneCode, z.literal(''), z.null()]).optional(),
  otp: str('otp')
    .trim()
    .min(1, 'The otp field is required.')
    .regex(/^\d{1,10}$/, 'The otp field must contain digits only.'),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;
export const verifyOtpResponseSchema = envelope(z.object({ token: z.string() }));

export const resetPasswordBody = z
  .object({
    token: str('token').min(1, 'The token field is required.').max(200),
    ...newPassword,
  })
  .refine(confirmed, confirmMessage);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({
    current_password: str('current_password').min(1, 'The current password field is required.').max(128),
    ...newPassword,
  })
  .refine(confirmed, confirmMessage);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

// --- Social sign-in ---------------------------------------------------------------------------------

export const socialProviderSchema = z.enum(['google', 'facebook', 'apple']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export const socialTokenBody = z.object({
  code: str('code').min(1, 'The code field is required.').max(8192),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type SocialTokenBody = z.infer<typeof socialTokenBody>;

// --- Profile ----------------------------------------------------------------------------------------

export const userResponseSchema = envelope(z.object({ user: userSchema }));

/** The text fields of POST /update-profile (multipart or JSON); absent fields stay unchanged. */
export const profileBody = z.object({
  name: text('name', 100).min(2, 'The name field must be at least 2 characters.').optional(),
  phone: clean('phone')
    .regex(/^\d*$/, 'The phone field must contain digits only.')
    .max(16, 'The phone field must not be greater than 16 characters.')
    .optional(),
  email: z.union([emailField(), z.literal('')]).optional(),
  gender: z
    .enum(['male', 'female', ''], { error: 'The selected gender is invalid.' })
    .optional()
    .transform((v) => (v === '' ? null : v)),
  date_of_birth: z
    .union([
      str('date_of_birth').regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth field must be a valid date (YYYY-MM-DD).'),
      z.literal(''),
    ])
    .optional()
    .refine((v) => !v || (isCalendarDate(v) && v >= '1900-01-01' && Date.parse(v) <= Date.now()), {
      message: 'The date of birth field must be a valid date (YYYY-MM-DD).',
    }),
  country: text('country', 100).optional(),
  phone_code: phoneCode.optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

// --- Addresses --------------------------------------------------------------------------------------

export const addressTypeSchema = z.enum(['home', 'office', 'other']);
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  area: z.string().nullable(),
  flat_no: z.string().nullable(),
  address_type: addressTypeSchema,
  address_line: z.string(),
  address_line2: z.string().nullable(),
  post_code: z.string().nullable(),
  is_default: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

const coordinate = (field: string, limit: number) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: `The ${field} field must be a number.` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n) || Math.abs(n) > limit) {
        ctx.addIssue({ code: 'custom', message: `The ${field} field must be between -${limit} and ${limit}.` });
        return z.NEVER;
      }
      return n;
    });

export const addressFields = {
  name: text('name', 150),
  phone: clean('phone')
    .min(1, 'The phone field is required.')
    .regex(/^\+?\d{6,16}$/, 'The phone field must be a valid phone number.'),
  area: optionalText('area', 150),
  flat_no: optionalText('flat_no', 50),
  address_type: z.enum(['home', 'office', 'other'], { error: 'The selected address type is invalid.' }).default('home'),
  address_line: text('address_line', 500),
  address_line2: optionalText('address_line2', 500),
  post_code: optionalText('post_code', 20),
  is_default: boolish.optional(),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
};
export const addressBody = z.object(addressFields);
export type AddressBody = z.infer<typeof addressBody>;
/** Update: every field optional; absent fields stay unchanged. */
export const addressUpdateBody = z.object({
  name: addressFields.name.optional(),
  phone: addressFields.phone.optional(),
  area: addressFields.area,
  flat_no: addressFields.flat_no,
  address_type: z.enum(['home', 'office', 'other'], { error: 'The selected address type is invalid.' }).optional(),
  address_line: addressFields.address_line.optional(),
  address_line2: addressFields.address_line2,
  post_code: addressFields.post_code,
  is_default: addressFields.is_default,
  latitude: addressFields.latitude,
  longitude: addressFields.longitude,
});
export type AddressUpdateBody = z.infer<typeof addressUpdateBody>;
export const addressIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const addressResponseSchema = envelope(z.object({ address: addressSchema }));
export const addressesResponseSchema = envelope(z.object({ total: z.number().int(), addresses: z.array(addressSchema) }));

// --- Wishlist ---------------------------------------------------------------------------------------

export const favoriteBody = z.object({
  product_id: z.coerce
    .number({ error: 'The product id field is required.' })
    .int('The product id field must be an integer.')
    .min(1, 'The selected product id is invalid.')
    .max(2_147_483_647, 'The selected product id is invalid.'),
});
export type FavoriteBody = z.infer<typeof favoriteBody>;
