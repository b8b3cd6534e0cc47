import { z } from 'zod';
import { accessSchema } from './accounts';
import { envelope } from './common';
import { cleanText } from './text';

/** A shop's user, as the seller area shows it (API.md "Seller side"). */
export const sellerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const sellerShopSchema = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
export type SellerShop = z.infer<typeof sellerShopSchema>;

export const sellerLoginBody = z.object({
  email: cleanText('email', z.string({ error: 'The email field is required.' }))
    .toLowerCase()
    .min(1, 'The email field is required.')
    .max(190, 'The email field must not be greater than 190 characters.'),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(128, 'The password field must not be greater than 128 characters.'),
});
export type SellerLoginBody = z.infer<typeof sellerLoginBody>;

export const sellerAuthResponseSchema = envelope(z.object({ access: accessSchema, user: sellerSchema, shop: sellerShopSchema }));
export type SellerAuth = z.infer<typeof sellerAuthResponseSchema>['data'];

export const sellerMeResponseSchema = envelope(z.object({ user: sellerSchema, shop: sellerShopSchema }));
