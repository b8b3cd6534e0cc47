import { describe, expect, it } from 'vitest';
import { POLL_LIMIT, returnState } from './payment-return';

describe('what the payment return page says', () => {
  it('paid is paid on either page', () => {
    expect(returnState('success', 'paid', 0)).toBe('paid');
    expect(returnState('cancel', 'paid', 0)).toBe('paid');
  });
  it('pending on the success page is "confirming" until the polls run out, then "still confirming"', () => {
    expect(returnState('success', 'pending', 0)).toBe('pending');
    expect(returnState('success', 'pending', POLL_LIMIT - 1)).toBe('pending');
    expect(returnState('success', 'pending', POLL_LIMIT)).toBe('slow');
  });
  it('cancelled, or any unpaid payment on the cancel page, is not paid', () => {
    expect(returnState('success', 'cancelled', 0)).toBe('failed');
    expect(returnState('cancel', 'cancelled', 0)).toBe('failed');
    expect(returnState('cancel', 'pending', 0)).toBe('failed');
  });
});
