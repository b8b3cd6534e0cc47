import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatMessageTime } from './time';

describe('message time (SPEC §9: hh:mm a, DD MMM, YYYY, Oman time)', () => {
  it('formats in English with two-digit hours and days', () => {
    // 11:05 UTC is 15:05 in Muscat.
    expect(formatMessageTime('2026-01-06T11:05:00Z', 'en')).toBe('03:05 PM, 06 Jan, 2026');
    expect(formatClock('2026-01-06T11:05:00Z', 'en')).toBe('03:05 PM');
    expect(formatDay('2026-01-06T11:05:00Z', 'en')).toBe('06 Jan, 2026');
  });

  it('formats in Arabic with Arabic month names, ص/م and the Arabic comma', () => {
    expect(formatMessageTime('2026-01-06T11:05:00Z', 'ar')).toBe('03:05 م، 06 يناير، 2026');
    expect(formatMessageTime('2026-09-30T02:45:00Z', 'ar')).toBe('06:45 ص، 30 سبتمبر، 2026');
  });

  it('writes midnight and noon as 12, and crosses the date line in Oman time', () => {
    expect(formatMessageTime('2026-03-31T20:00:00Z', 'en')).toBe('12:00 AM, 01 Apr, 2026');
    expect(formatMessageTime('2026-12-31T08:30:00Z', 'en')).toBe('12:30 PM, 31 Dec, 2026');
  });

  it('gives an empty string for a date it cannot read', () => {
    expect(formatMessageTime('not a date', 'en')).toBe('');
    expect(formatClock('', 'ar')).toBe('');
  });
});
