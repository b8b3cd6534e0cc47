import type { SupportTicketDetail } from '@souq/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '~/shared/dates';
import { TicketHeader } from './ticket-view';

vi.mock('~/shared/site', () => ({
  useSite: () => ({ t: (k: string) => k, locale: 'en' }),
  useT: () => (k: string) => k,
}));

afterEach(cleanup);

const ticket: SupportTicketDetail = {
  id: 12,
  ticket_no: 'TKABCD2345',
  order_number: null,
  status: 'running',
  subject: 'The parcel has not arrived',
  issue_type: 'Delivery and shipping',
  // The customer's answer carries the original web client's display date here (decision 024, issue 42).
  created_at: '09 November, 2026',
  created_at_iso: '2026-11-09T10:15:00.000Z',
  last_message_at: '2026-11-09T10:15:00.000Z',
  issue_type_id: 2,
  order_id: null,
  shop: null,
  customer: { id: 5, name: 'Aisha' },
  updated_at: '2026-11-09T10:15:00.000Z',
  closed_at: null,
  can_reply: true,
};

describe('TicketHeader', () => {
  it('shows when the ticket was opened from created_at_iso, in Oman time, not the display text of created_at', async () => {
    const Stub = createRoutesStub([
      { path: '/t', Component: () => <TicketHeader ticket={ticket} backHref="/support-tickets" orderHref={null} who="shop" /> },
    ]);
    render(<Stub initialEntries={['/t']} />);
    const header = await screen.findByTestId('ticket-header');
    const opened = formatDateTime('2026-11-09T10:15:00.000Z', 'en');
    expect(opened).toBe('9 Nov 2026, 2:15 PM');
    expect(header.textContent).toContain(opened);
    expect(header.textContent).not.toContain('09 November, 2026');
  });
});
