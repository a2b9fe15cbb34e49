/**
 * `w.<name>.rollEvery` (): minute, hour, day, month or year, case-insensitive; any
 * other value means "never roll on time". Boundaries are UTC, like the log's timestamps.
 */
import { civilFromDays, daysFromCivil } from '../../core/time/iso-timestamp';

export type RollUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

const UNITS: readonly RollUnit[] = ['minute', 'hour', 'day', 'month', 'year'];

export function parseRollEvery(text: string | undefined): RollUnit | undefined {
  const v = text?.trim().toLowerCase();
  return UNITS.find((u) => u === v);
}

const MINUTE = 60_000_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The first boundary strictly after `micros`; Infinity when there is no time roll. */
export function nextRollMicros(micros: number, unit: RollUnit | undefined): number {
  switch (unit) {
    case undefined: return Infinity;
    case 'minute': return (Math.floor(micros / MINUTE) + 1) * MINUTE;
    case 'hour': return (Math.floor(micros / HOUR) + 1) * HOUR;
    case 'day': return (Math.floor(micros / DAY) + 1) * DAY;
    case 'month':
    case 'year': {
      const ymd = new Int32Array(3);
      civilFromDays(Math.floor(micros / DAY), ymd);
      const [y, m] = [ymd[0], ymd[1]];
      const days = unit === 'year' ? daysFromCivil(y + 1, 1, 1) : m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1);
      return days * DAY;
    }
  }
}

const LIFE_UNITS: Readonly<Record<string, number>> = {
  s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, M: 30 * 86_400_000, y: 365 * 86_400_000,
};

/** `lifeDuration` (e.g. `1M`): s m h d w M(30 days) y; undefined when malformed. */
export function parseLifeDuration(text: string): number | undefined {
  const m = /^\s*(\d+)\s*([smhdwMy])\s*$/.exec(text);
  return m ? Number(m[1]) * LIFE_UNITS[m[2]] : undefined;
}
