import type { SupportTicketShow } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { ticketOfShow } from './api';

const show: SupportTicketShow = {
  id: 12,
  ticket_no: 'TKABCD2345',
  order_number: 'SQ7KX2M9QA',
  // The page's answer: the original web client's word in `status`, ours in `state` (decision 024, issue 42).
  status: 'pending',
  state: 'running',
  original_status: 'pending',
  subject: 'The parcel has not arrived',
  issue_type: 'Delivery and shipping',
  created_at: '09 November, 2026',
  created_at_iso: '2026-11-09T10:15:00.000Z',
  last_message_at: '2026-11-09T10:15:00.000Z',
  issue_type_id: 2,
  order_id: 40,
  shop: { id: 3, name: 'Frankincense House', logo: null },
  customer: { id: 5, name: 'Aisha' },
  updated_at: '2026-11-09T10:15:00.000Z',
  closed_at: null,
  can_reply: true,
  user_chat: true,
  email: 'aisha@example.com',
  phone: '91234567',
  messages: [],
  highlighted_messages: [],
  attachments: [],
};

describe('ticketOfShow (the customer ticket page reads our status from `state`)', () => {
  it('takes our status from state, never the original client word in status', () => {
    expect(ticketOfShow(show).status).toBe('running');
    expect(ticketOfShow({ ...show, status: 'completed', state: 'completed', can_reply: false }).status).toBe('completed');
    expect(ticketOfShow({ ...show, status: 'cancel', state: 'cancel', can_reply: false }).status).toBe('cancel');
  });

  it('keeps the details our ticket page shows and leaves the original client extras out', () => {
    const ticket = ticketOfShow(show);
    expect(ticket).toMatchObject({
      ticket_no: 'TKABCD2345',
      order_number: 'SQ7KX2M9QA',
      can_reply: true,
      created_at_iso: show.created_at_iso,
    });
    expect(ticket).not.toHaveProperty('messages');
    expect(ticket).not.toHaveProperty('state');
  });
});
