import type { ChatMessage, ChatProduct } from './types';

/**
 * What the chat's loaders and actions answer (both sides: the customer's chat-data.ts, the seller's
 * features/seller/chat-data.ts), and the fields a message is sent with. No React here: the chrome's
 * shell and the resource routes take these without the screens.
 */

/** One page of a conversation as a loader answers it, newest first (null: it could not be read). */
export interface PageAnswer {
  /** Which conversation (`shop-3`, `user-12`): an answer for another one is not shown. */
  of: string;
  page: number;
  messages: ChatMessage[] | null;
}

/** What sending answers: done, or not sent (with what was sent, for Try again). */
export type SendAnswer = { ok: true; to: number } | { ok: false; to: number; text: string; productId: number | null };

/** The fields of a message sent (every chat action reads them with readSend). */
export const sendFields = (to: number, text: string, product: ChatProduct | null) => ({
  to: String(to),
  message: text,
  product_id: product ? String(product.id) : '',
});

export function readSend(form: FormData) {
  return {
    to: Number(form.get('to')),
    text: String(form.get('message') ?? ''),
    productId: Number(form.get('product_id')) || null,
  };
}

/** A page read for a loader: the messages, or null when the call failed (logged unless it was called off). */
export async function readPage(of: string, page: number, signal: AbortSignal, load: () => Promise<ChatMessage[]>): Promise<PageAnswer> {
  try {
    return { of, page, messages: await load() };
  } catch (error) {
    if (!signal.aborted) console.warn('chat messages failed', error);
    return { of, page, messages: null };
  }
}
