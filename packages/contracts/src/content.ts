import { z } from 'zod';
import { queryInt, listQuery, productSchema } from './catalog';
import { envelope } from './common';
import { BLOGS_PER_PAGE } from './constants';
import { cleanText, fieldLabel, stringField, stripInvisible } from './text';

// --- Blog (API.md "Support and content") ------------------------------------------------------------

export const blogCategorySchema = z.object({
  id: z.number().int(),
  /** In the request's language (Arabic falls back to English). */
  name: z.string(),
  slug: z.string(),
  /** Published posts in the category. */
  total_blogs: z.number().int(),
});
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /**
   * Who wrote it: the name (the request's language) and a picture, never null (posts name their author
   * by text alone, so it is the default avatar; decision 024, issue 42).
   */
  post_by: z.object({ name: z.string(), profile_photo: z.string() }),
  thumbnail: z.string().nullable(),
  total_views: z.number().int(),
  /**
   * In a list: the opening of the article as plain text (at most ~200 characters), for cards. In the
   * details: the whole article as sanitised HTML.
   */
  description: z.string(),
  /**
   * The display date the original web client prints as it comes ("26 Nov, 2026", the request's
   * language, Oman time; decision 024, issue 42); the instant is `created_at_iso`, which ours reads.
   */
  created_at: z.string(),
  created_at_iso: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

export const blogDetailSchema = blogSchema.extend({
  /** The opening of the article as plain text (meta description, social cards). */
  excerpt: z.string(),
  /** The post's tags: posts have none here, so always [] (the original client's share buttons read it). */
  tags: z.array(z.string()),
  /**
   * Products to show under the post, as the catalogue's lists give cards: the site's most popular (blog
   * categories are not product categories; decision 024, issue 42).
   */
  related_products: z.array(productSchema),
});
export type BlogDetail = z.infer<typeof blogDetailSchema>;

export const blogsQuerySchema = listQuery(BLOGS_PER_PAGE).extend({
  category_id: queryInt('category id').optional(),
});
export type BlogsQuery = z.input<typeof blogsQuerySchema>;

export const blogsResponseSchema = envelope(
  z.object({ total: z.number().int(), blogs: z.array(blogSchema), categories: z.array(blogCategorySchema) }),
);
export type BlogsResponse = z.infer<typeof blogsResponseSchema>;

/** A post by its slug, or by its id (digits). */
export const blogParamsSchema = z.object({
  slugOrId: z.string().max(255),
});

export const blogDetailsResponseSchema = envelope(
  z.object({ blog: blogDetailSchema, related_blogs: z.array(blogSchema), popular_blogs: z.array(blogSchema) }),
);
export type BlogDetailsResponse = z.infer<typeof blogDetailsResponseSchema>;

/** POST /blog/{slugOrId}/view: the post's views after this visit (counted once per visitor and day). */
export const blogViewResponseSchema = envelope(z.object({ total_views: z.number().int(), counted: z.boolean() }));
export type BlogViewResponse = z.infer<typeof blogViewResponseSchema>;

// --- Legal and policy pages ------------------------------------------------------------------------

export const legalPageParamsSchema = z.object({ slug: z.string().max(190) });
export const legalPageResponseSchema = envelope(
  z.object({
    content: z.object({
      title: z.string(),
      /** Sanitised HTML. */
      description: z.string(),
      updated_at: z.string(),
    }),
  }),
);
export type LegalPageResponse = z.infer<typeof legalPageResponseSchema>;

// --- Become a seller: the shop application -----------------------------------------------------------

const label = fieldLabel;
const required = stringField;
const text = (field: string, min: number, max: number) =>
  cleanText(label(field), required(field))
    .min(1, `The ${label(field)} field is required.`)
    .min(min, `The ${label(field)} field must be at least ${min} characters.`)
    .max(max, `The ${label(field)} field must not be greater than ${max} characters.`);

const ARABIC_LETTER = /[\u0621-\u064A]/;
const LATIN_LETTER = /[A-Za-z]/;

/**
 * The fields of POST /shop/register (multipart/form-data; the logo is the `logo` file part). A new shop
 * is pending until approved; its seller account signs in at /seller/login once it is.
 */
export const shopApplicationBody = z
  .object({
    shop_name: text('shop_name', 2, 100).refine((v) => LATIN_LETTER.test(v), {
      message: 'The shop name field must be written in English (Latin letters).',
    }),
    shop_name_ar: text('shop_name_ar', 2, 100).refine((v) => ARABIC_LETTER.test(v), {
      message: 'The shop name ar field must be written in Arabic letters.',
    }),
    name: text('name', 2, 100),
    phone: cleanText('phone', required('phone'))
      .overwrite((v) => v.replace(/[\s-]/g, ''))
      .min(1, 'The phone field is required.')
      .regex(/^\+?\d{8,15}$/, 'The phone field must be a valid phone number (8 to 15 digits).'),
    email: cleanText('email', required('email'))
      .toLowerCase()
      .min(1, 'The email field is required.')
      .max(190, 'The email field must not be greater than 190 characters.')
      .pipe(z.email('The email field must be a valid email address.')),
    password: required('password')
      .min(8, 'The password field must be at least 8 characters.')
      .max(128, 'The password field must not be greater than 128 characters.')
      .refine((v) => stripInvisible(v) !== '', 'The password field must not consist of spaces only.'),
    password_confirmation: required('password_confirmation').max(128),
  })
  .refine((b) => b.password_confirmation === b.password, {
    path: ['password_confirmation'],
    message: 'Confirm Password does not match.',
  });
export type ShopApplicationBody = z.infer<typeof shopApplicationBody>;

export const shopApplicationResponseSchema = envelope(
  z.object({
    shop: z.object({ id: z.number().int(), name: z.string(), status: z.enum(['pending', 'approved']) }),
  }),
);
export type ShopApplicationResponse = z.infer<typeof shopApplicationResponseSchema>;
