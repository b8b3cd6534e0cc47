/** Every notification the marketplace sends, by key; each language file has all of them. */
export type TemplateKey =
  | 'order.placed.customer'
  | 'order.placed.seller'
  | 'order.confirmed'
  | 'order.processing'
  | 'order.picked_up'
  | 'order.on_the_way'
  | 'order.delivered'
  | 'order.cancelled'
  | 'order.refunded'
  | 'ticket.answered.shop'
  | 'ticket.answered.support'
  | 'shop.approve'
  | 'shop.reject'
  | 'shop.suspend'
  | 'shop.reinstate';

/** One notification's texts: plain text with {placeholders} (no markup). */
export interface Template {
  subject: string;
  body: string;
  sms: string;
}

export type Templates = Record<TemplateKey, Template>;
