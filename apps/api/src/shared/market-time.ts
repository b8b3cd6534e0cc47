/**
 * The marketplace's time zone: orders are shown in Oman's time, and the seller's "today" begins at
 * midnight there. Oman keeps UTC+4 all year, but nothing here assumes it.
 */
export const MARKET_TIME_ZONE = 'Asia/Muscat';

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading in the zone at a moment, as if it were UTC (milliseconds). */
function wallClock(at: Date, timeZone: string): number {
  const p = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/**
 * The moment midnight began in the zone `daysBack` days before the day of `now` (0: today's midnight),
 * as an ISO-8601 UTC string: what the `created_at` columns hold, so it compares with them as text.
 */
export function startOfDayIn(now: Date, daysBack: number, timeZone = MARKET_TIME_ZONE): string {
  const wall = new Date(wallClock(now, timeZone));
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - daysBack);
  // The zone's offset at that midnight (read at the UTC moment of the same reading: exact off DST changes).
  const offset = wallClock(new Date(midnight), timeZone) - midnight;
  return new Date(midnight - offset).toISOString();
}
