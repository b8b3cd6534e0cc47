import type { Templates } from './types';

/**
 * The notifications in English. Translators: change the text freely, keep each {placeholder} (the
 * parity test checks that both languages have the same keys and placeholders). `sms` is the text message
 * sent to a customer who has only a phone number: keep it short (one or two SMS of 160 characters).
 */
export const en: Templates = {
  'order.placed.customer': {
    subject: '{site}: your order {order} is placed',
    body: 'Hello {name},\n\nThank you for your order {order} at {shop}. Amount to pay: {total} OMR.\nWe will tell you as it moves on.\n\nYour orders: {link}\n\nThe {site} team',
    sms: '{site}: your order {order} at {shop} is placed ({total} OMR). {link}',
  },
  'order.placed.seller': {
    subject: '{site}: new order {order} for {shop}',
    body: 'Hello {name},\n\nA new order {order} has been placed at your shop {shop}: {total} OMR.\nOpen it in the seller centre: {link}\n\nThe {site} team',
    sms: '{site}: new order {order} at {shop} ({total} OMR). {link}',
  },
  'order.confirmed': {
    subject: '{site}: your order {order} is confirmed',
    body: 'Hello {name},\n\n{shop} has confirmed your order {order}.\n\nFollow it here: {link}\n\nThe {site} team',
    sms: '{site}: your order {order} is confirmed by {shop}. {link}',
  },
  'order.processing': {
    subject: '{site}: your order {order} is being prepared',
    body: 'Hello {name},\n\n{shop} is preparing your order {order}.\n\nFollow it here: {link}\n\nThe {site} team',
    sms: '{site}: {shop} is preparing your order {order}. {link}',
  },
  'order.picked_up': {
    subject: '{site}: your order {order} is picked up',
    body: 'Hello {name},\n\nYour order {order} from {shop} has been picked up for delivery.\n\nFollow it here: {link}\n\nThe {site} team',
    sms: '{site}: your order {order} is picked up for delivery. {link}',
  },
  'order.on_the_way': {
    subject: '{site}: your order {order} is on the way',
    body: 'Hello {name},\n\nYour order {order} from {shop} is on its way to you.\n\nFollow it here: {link}\n\nThe {site} team',
    sms: '{site}: your order {order} is on the way. {link}',
  },
  'order.delivered': {
    subject: '{site}: your order {order} is delivered',
    body: 'Hello {name},\n\nYour order {order} from {shop} has been delivered. We hope you enjoy it.\n\nYour order: {link}\n\nThe {site} team',
    sms: '{site}: your order {order} is delivered. {link}',
  },
  'order.cancelled': {
    subject: '{site}: your order {order} is cancelled',
    body: 'Hello {name},\n\nYour order {order} at {shop} has been cancelled.\nIf you paid online, the shop will refund you.\n\nYour order: {link}\n\nThe {site} team',
    sms: '{site}: your order {order} at {shop} is cancelled. {link}',
  },
  'order.refunded': {
    subject: '{site}: {amount} OMR refunded for your order {order}',
    body: 'Hello {name},\n\nWe have refunded {amount} OMR for your order {order} at {shop}.\nIt can take a few days to reach your account.\n\nYour order: {link}\n\nThe {site} team',
    sms: '{site}: {amount} OMR refunded for your order {order}. {link}',
  },
  'ticket.answered.shop': {
    subject: '{site}: {shop} answered your ticket {ticket}',
    body: 'Hello {name},\n\n{shop} has answered your support ticket {ticket} ({topic}).\n\nRead the answer: {link}\n\nThe {site} team',
    sms: '{site}: {shop} answered your ticket {ticket}. {link}',
  },
  'ticket.answered.support': {
    subject: '{site}: our support team answered your ticket {ticket}',
    body: 'Hello {name},\n\nOur support team has answered your ticket {ticket} ({topic}).\n\nRead the answer: {link}\n\nThe {site} team',
    sms: '{site}: our support team answered your ticket {ticket}. {link}',
  },
  'shop.approve': {
    subject: '{site}: your shop {shop} is approved',
    body: 'Hello {name},\n\nYour shop {shop} has been approved and is now open to shoppers.\nSign in to the seller centre to add your products: {link}\n\nThe {site} team',
    sms: '{site}: your shop {shop} is approved. {link}',
  },
  'shop.reject': {
    subject: '{site}: your shop application was not approved',
    body: 'Hello {name},\n\nWe could not approve your application for the shop {shop}.\nReason: {reason}\n\nThe {site} team',
    sms: '{site}: your application for {shop} was not approved. Reason: {reason}',
  },
  'shop.suspend': {
    subject: '{site}: your shop {shop} is suspended',
    body: 'Hello {name},\n\nYour shop {shop} has been suspended: it and its products are no longer shown to shoppers, and the seller centre is closed to you.\nReason: {reason}\nYour customers can still see their orders. Reply to this e-mail to talk to us about it.\n\nThe {site} team',
    sms: '{site}: your shop {shop} is suspended. Reason: {reason}',
  },
  'shop.reinstate': {
    subject: '{site}: your shop {shop} is open again',
    body: 'Hello {name},\n\nYour shop {shop} has been reinstated and is open to shoppers again.\nSign in: {link}\n\nThe {site} team',
    sms: '{site}: your shop {shop} is open again. {link}',
  },
};
