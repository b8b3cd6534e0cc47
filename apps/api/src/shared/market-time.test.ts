import { describe, expect, it } from 'vitest';
import { startOfDayIn } from './market-time';

describe('startOfDayIn', () => {
  it("answers Muscat's midnights (UTC+4) as UTC moments", () => {
    expect(startOfDayIn(new Date('2026-06-15T10:00:00Z'), 0)).toBe('2026-06-14T20:00:00.000Z');
    // 21:00 UTC is already the next day in Muscat.
    expect(startOfDayIn(new Date('2026-06-15T21:00:00Z'), 0)).toBe('2026-06-15T20:00:00.000Z');
    expect(startOfDayIn(new Date('2026-06-15T10:00:00Z'), 6)).toBe('2026-06-08T20:00:00.000Z');
    expect(startOfDayIn(new Date('2026-03-01T10:00:00Z'), 29)).toBe('2026-01-30T20:00:00.000Z');
  });

  it('follows a zone with summer time', () => {
    // London: 31 March 2026 is summer time (UTC+1); 1 March is not.
    expect(startOfDayIn(new Date('2026-03-31T12:00:00Z'), 0, 'Europe/London')).toBe('2026-03-30T23:00:00.000Z');
    expect(startOfDayIn(new Date('2026-03-31T12:00:00Z'), 30, 'Europe/London')).toBe('2026-03-01T00:00:00.000Z');
  });
});
