import { z } from 'zod';
import { queryInt } from './catalog';
import { envelope } from './common';
import {
  CONTACT_MESSAGE_MAX,
  TICKET_MESSAGE_MAX,
  TICKET_MESSAGES_PER_PAGE,
  TICKET_SUBJECT_MAX,
  TICKETS_PER_PAGE,
  TICKET_STATUSES,
  type TicketStatusName,
} from './constants';
import { cleanText, fieldLabel, stringField, stripInvisible } from './text';

// ---------------------------------------------------------------------------------------------------
// Support tickets and the contact form (issue 18, API.md "Support and content", decision 021).
// ---------------------------------------------------------------------------------------------------

/** A ticket is running until a seller (or the support team) completes or cancels it. */
export const ticketStatuses = TICKET_STATUSES;

const label = fieldLabel;
const str = stringField;

/** One message for a text's length: required (empty), too short, or too long. */
const lengthRule = (field: string, max: number, min: number) => (s: string, ctx: z.core.$RefinementCtx<string>) => {
  const n = [...s].length;
  const message =
    n === 0
      ? `The ${label(field)} field is required.`
      : n < min
        ? `The ${label(field)} field must be at least ${min} characters.`
        : n > max
          ? `The ${label(field)} field must not be greater than ${max} characters.`
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** A required single-line text: cleaned (invisible characters stripped, controls refused), min..max characters. */
const line = (field: string, max: number, min = 1) =>
  cleanText(label(field), str(field)).superRefine(lengthRule(field, max, min));

// eslint-disable-next-line no-control-regex
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * A required text of several lines: line breaks kept (CR LF becomes LF, at most two empty lines in a
 * row), invisible characters stripped, other control characters refused.
 */
const paragraphs = (field: string, max: number, min = 1) =>
  str(field)
    .overwrite((s) =>
      s
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((l) => stripInvisible(l))
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    )
    .refine((s) => !CONTROL_BUT_BREAKS.test(s), `The ${label(field)} field must not contain control characters.`)
    .superRefine(lengthRule(field, max, min));

/**
 * The issue type of a new ticket: its id (our storefront), or its name in either language as the
 * original web client sends it (`Delivery and shipping`, any case, ends trimmed; decision 024, issue 42).
 * Whether it names an active type is the service's check (422 on issue_type).
 */
const issueTypeField = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    cleanText('issue type', str('issue_type'))
      .min(1, 'The issue type field is required.')
      .max(100, 'The selected issue type is invalid.'),
  )
  .transform((s): { id: number } | { name: string } =>
    /^\d+$/.test(s) ? { id: Number(s) } : { name: s.replace(/\s+/g, ' ').toLowerCase() },
  )
  .refine((v) => !('id' in v) || (v.id >= 1 && v.id <= 2_147_483_647), 'The selected issue type is invalid.');

const ticketNumber = cleanText('ticket number', str('ticket_number'))
  .min(1, 'The ticket number field is required.')
  .max(20, 'The selected ticket number is invalid.')
  .transform((s) => s.toUpperCase());

/**
 * The words for a ticket's status the lists accept: ours (running, completed, cancel) and the original
 * web client's (pending, confirm, completed, cancel), in any case (decision 024, issue 42). Pending and
 * confirm are both a running ticket: ours has no confirmation step.
 */
export const TICKET_STATUS_WORDS: Readonly<Record<string, TicketStatusName>> = {
  running: 'running',
  pending: 'running',
  confirm: 'running',
  confirmed: 'running',
  completed: 'completed',
  complete: 'completed',
  cancel: 'cancel',
  cancelled: 'cancel',
  canceled: 'cancel',
};

/** A list's status filter: a word of TICKET_STATUS_WORDS; any other word filters nothing (the original client sends `Pending`). */
const statusInput = z.string().transform((s): TicketStatusName | undefined => TICKET_STATUS_WORDS[s.trim().toLowerCase()]);

/** A ticket's status in the original web client's words (`original_status` of the ticket's page). */
export const ORIGINAL_TICKET_STATUSES = ['pending', 'confirm', 'completed', 'cancel'] as const;
export type OriginalTicketStatus = (typeof ORIGINAL_TICKET_STATUSES)[number];

/** An optional text: absent, null or blank (once invisible characters are stripped) is null. */
const optionalLine = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && stripInvisible(v) === '') ? null : v),
      schema.nullable(),
    )
    .optional()
    .transform((v) => (v ?? null) as z.output<T> | null);

// --- Issue types -------------------------------------------------------------------------------------

export const ticketIssueTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type TicketIssueType = z.infer<typeof ticketIssueTypeSchema>;
export const ticketIssueTypesResponseSchema = envelope(z.object({ issue_types: z.array(ticketIssueTypeSchema) }));

// --- Tickets -----------------------------------------------------------------------------------------

export const supportTicketsQuery = z.object({
  status: statusInput.optional(),
  page: queryInt('page', { max: 100_000 }).optional().default(1),
  per_page: queryInt('per page', { max: 100 }).optional().default(TICKETS_PER_PAGE),
});
export type SupportTicketsQuery = z.input<typeof supportTicketsQuery>;

/** A ticket in a list (API.md): its number, the order it names, status, subject, issue type (in the request's language). */
export const supportTicketSchema = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  order_number: z.string().nullable(),
  status: z.enum(ticketStatuses),
  subject: z.string(),
  issue_type: z.string().nullable(),
  /**
   * The customer's answers (list, page, new ticket): the display date the original web client prints as
   * it comes ("09 November, 2026", the request's language, Oman time; decision 024, issue 42). The
   * seller's and the console's: ISO 8601, as `created_at_iso`.
   */
  created_at: z.string(),
  /** When the ticket was opened (ISO 8601): what our storefront reads. */
  created_at_iso: z.string(),
  /** When the last message was written (the lists are ordered by it, newest first). */
  last_message_at: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** The ticket with what its page shows: the shop of its order, the customer, whether it takes answers. */
export const supportTicketDetailSchema = supportTicketSchema.extend({
  issue_type_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  shop: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }).nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  /** Running tickets take answers; completed and cancelled ones do not. */
  can_reply: z.boolean(),
});
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;

const statusCounts = {
  running: z.number().int(),
  completed: z.number().int(),
  cancel: z.number().int(),
};

export const supportTicketsResponseSchema = envelope(
  z.object({ total: z.number().int(), ...statusCounts, support_tickets: z.array(supportTicketSchema) }),
);
export type SupportTicketsAnswer = z.infer<typeof supportTicketsResponseSchema>['data'];

/** The seller's list: the same, each ticket with its customer's name. */
export const sellerSupportTicketSchema = supportTicketSchema.extend({ customer_name: z.string() });
export const sellerSupportTicketsResponseSchema = envelope(
  z.object({ total: z.number().int(), ...statusCounts, support_tickets: z.array(sellerSupportTicketSchema) }),
);
export type SellerSupportTicketsAnswer = z.infer<typeof sellerSupportTicketsResponseSchema>['data'];

export const supportTicketResponseSchema = envelope(z.object({ support_ticket: supportTicketDetailSchema }));

/** A message of the ticket's page as the original web client reads it (decision 024, issue 42). */
export const ticketShowMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  sender: z.enum(['customer', 'seller', 'support']),
  /** The customer's user id, the shop user's who wrote it, or null for the support team. */
  sender_id: z.number().int().nullable(),
  /** The customer's name, the shop's name, or the marketplace's name for the support team. */
  sender_name: z.string(),
  /** The customer's photo, the shop's logo, or the default avatar: never null. */
  profile_photo: z.string(),
  /** A message of the support team (the marketplace's own answers stand out). */
  is_highlighted: z.boolean(),
  /** How long ago ("2 minutes ago", the request's language); the instant is `created_at_iso`. */
  created_at: z.string(),
  created_at_iso: z.string(),
});
export type TicketShowMessage = z.infer<typeof ticketShowMessageSchema>;

/**
 * `GET /support-ticket/show`: the ticket's page, as the original web client reads it (decision 024,
 * issue 42): `status` in that client's words (pending|confirm|completed|cancel), ours (running|
 * completed|cancel) as `state`, whether the customer may answer, the customer's e-mail and phone, the
 * conversation (oldest first, the newest TICKET_SHOW_MESSAGES) and its files (signed links). The other
 * fields are the ticket's details as the seller's and the console's answers give them.
 */
export const supportTicketShowSchema = supportTicketDetailSchema.omit({ status: true }).extend({
  /** The original client's word: a running ticket is `pending` (`confirm` is never answered). */
  status: z.enum(ORIGINAL_TICKET_STATUSES),
  /** Our status (running|completed|cancel): what our storefront's ticket page reads. */
  state: z.enum(ticketStatuses),
  /** The same as `status` (the twin it had before `status` took the original's word). */
  original_status: z.enum(ORIGINAL_TICKET_STATUSES),
  /** May the customer answer (the ticket is running): the same as `can_reply`. */
  user_chat: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  messages: z.array(ticketShowMessageSchema),
  /** The support team's messages of `messages`. */
  highlighted_messages: z.array(ticketShowMessageSchema),
  /** Every file of the shown messages, oldest first: `src` a signed link for the caller (decision 021). */
  attachments: z.array(z.object({ id: z.number().int(), src: z.string(), type: z.enum(['image', 'pdf']), name: z.string() })),
});
export type SupportTicketShow = z.infer<typeof supportTicketShowSchema>;
export const supportTicketShowResponseSchema = envelope(z.object({ support_ticket: supportTicketShowSchema }));

export const ticketNumberQuery = z.object({ ticket_number: ticketNumber });

/** The text fields of `POST /support-ticket` (multipart, with up to three `attachments` files). */
export const createTicketFields = z.object({
  subject: line('subject', TICKET_SUBJECT_MAX, 3),
  issue_type: issueTypeField,
  /** The code of one of the customer's own orders (e.g. SQ7KX2M9QA); empty: none. */
  order_number: optionalLine(
    cleanText('order number', str('order_number'))
      .max(20, 'The selected order number is invalid.')
      .transform((v) => v.toUpperCase()),
  ),
  message: paragraphs('message', TICKET_MESSAGE_MAX, 10),
});
export type CreateTicketFields = z.input<typeof createTicketFields>;

/** `POST /support-ticket-message` (JSON, or multipart with up to three `attachments` files). */
export const ticketMessageBody = z.object({
  ticket_number: ticketNumber,
  message: paragraphs('message', TICKET_MESSAGE_MAX),
});
export type TicketMessageBody = z.input<typeof ticketMessageBody>;

/** The seller's answer names its ticket in the path. */
export const sellerTicketMessageBody = ticketMessageBody.omit({ ticket_number: true });

export const sellerTicketStatusBody = z.object({
  status: z
    .string({ error: 'The status field is required.' })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(['completed', 'cancel'], { error: 'The status must be completed or cancel.' })),
});

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['image', 'pdf']),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A signed link for the one who asked, valid until `url_expires_at` (decision 021). */
  url: z.string(),
  /** The same link answered as a download (`Content-Disposition: attachment`). */
  download_url: z.string(),
  url_expires_at: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  /** customer: the ticket's customer; seller: the shop of its order; support: the marketplace's team. */
  sender: z.enum(['customer', 'seller', 'support']),
  /** The customer's name, the shop's name, or null for the support team. */
  sender_name: z.string().nullable(),
  created_at: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketMessagesQuery = z.object({
  ticket_number: ticketNumber,
  page: queryInt('page', { max: 100_000 }).optional().default(1),
  per_page: queryInt('per page', { max: 100 }).optional().default(TICKET_MESSAGES_PER_PAGE),
});
export const sellerTicketMessagesQuery = ticketMessagesQuery.omit({ ticket_number: true });

/** A conversation page: newest message first (as the chat's), `total` messages in all. */
export const ticketMessagesResponseSchema = envelope(
  z.object({ total: z.number().int(), messages: z.array(ticketMessageSchema) }),
);
export type TicketMessagesAnswer = z.infer<typeof ticketMessagesResponseSchema>['data'];

export const ticketMessageResponseSchema = envelope(z.object({ message: ticketMessageSchema }));
export const createTicketResponseSchema = envelope(
  z.object({ support_ticket: supportTicketDetailSchema, message: ticketMessageSchema }),
);

// --- Contact -------------------------------------------------------------------------------------------

export const contactUsResponseSchema = envelope(
  z.object({ phone: z.string().nullable(), email: z.string().nullable(), whatsapp: z.string().nullable() }),
);
export type ContactUs = z.infer<typeof contactUsResponseSchema>['data'];

/** The contact form: name, an e-mail or a phone (at least one), subject and message. */
export const contactBody = z
  .object({
    name: line('name', 100, 2),
    email: optionalLine(
      cleanText('email', str('email'))
        .toLowerCase()
        .max(190, 'The email field must not be greater than 190 characters.')
        .pipe(z.email('The email field must be a valid email address.')),
    ),
    phone: optionalLine(
      cleanText('phone', str('phone'))
        .transform((s) => s.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\+?\d{8,16}$/, 'The phone field must be a valid phone number of 8 to 16 digits.')),
    ),
    subject: line('subject', 150, 3),
    message: paragraphs('message', CONTACT_MESSAGE_MAX, 10),
  })
  .superRefine(
    (b, ctx) => {
      // Run even when other fields failed (`when`), so one answer names every problem: `b` may then
      // be the raw input, so presence is judged on it as sent.
      const given = (v: unknown) => typeof v === 'string' && stripInvisible(v) !== '';
      if (given(b.email) || given(b.phone)) return;
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'The email field is required when phone is not present.' });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'The phone field is required when email is not present.' });
    },
    { when: () => true },
  );
export type ContactBody = z.input<typeof contactBody>;
