/**
 * Time partitioning of the designated timestamp (µs since epoch, UTC): the floor of a timestamp to its
 * partition, the next partition's floor, the folder name (QuestDB's: `2024-01-15T13`, `2024-01-15`,
 * `2024-W03`, `2024-01`, `2024`, `default`), and a partition name as ALTER TABLE … PARTITION LIST reads it.
 */
import { PartitionBy } from './table-schema';

const HOUR_US = 3_600_000_000;
const DAY_US = 86_400_000_000;
const WEEK_US = 7 * DAY_US;
/** 1970-01-01 was a Thursday; ISO weeks start on Monday, 3 days earlier. */
const MONDAY_SHIFT_US = 3 * DAY_US;

export function partitionFloor(by: PartitionBy, ts: number): number {
  switch (by) {
    case 'NONE': return 0;
    case 'HOUR': return Math.floor(ts / HOUR_US) * HOUR_US;
    case 'DAY': return Math.floor(ts / DAY_US) * DAY_US;
    case 'WEEK': return Math.floor((ts + MONDAY_SHIFT_US) / WEEK_US) * WEEK_US - MONDAY_SHIFT_US;
    case 'MONTH': {
      const d = new Date(Math.floor(ts / 1000));
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) * 1000;
    }
    case 'YEAR': return Date.UTC(new Date(Math.floor(ts / 1000)).getUTCFullYear(), 0, 1) * 1000;
  }
}

/** The first timestamp of the partition after the one starting at `floor`. */
export function nextPartitionFloor(by: PartitionBy, floor: number): number {
  switch (by) {
    case 'NONE': return Number.POSITIVE_INFINITY;
    case 'HOUR': return floor + HOUR_US;
    case 'DAY': return floor + DAY_US;
    case 'WEEK': return floor + WEEK_US;
    case 'MONTH': {
      const d = new Date(floor / 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) * 1000;
    }
    case 'YEAR': return Date.UTC(new Date(floor / 1000).getUTCFullYear() + 1, 0, 1) * 1000;
  }
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function partitionName(by: PartitionBy, floor: number): string {
  if (by === 'NONE') return 'default';
  const d = new Date(floor / 1000);
  const y = pad(d.getUTCFullYear(), 4);
  switch (by) {
    case 'HOUR': return `${y}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}`;
    case 'DAY': return `${y}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    case 'MONTH': return `${y}-${pad(d.getUTCMonth() + 1)}`;
    case 'YEAR': return y;
    case 'WEEK': {
      // ISO week-numbering year is the year of the week's Thursday.
      const thursday = new Date(floor / 1000 + 3 * 86_400_000);
      const isoYear = thursday.getUTCFullYear();
      const week = Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * 86_400_000)) + 1;
      return `${pad(isoYear, 4)}-W${pad(week)}`;
    }
  }
}

/** The names' formats as QuestDB's errors print them. */
const PATTERNS: Readonly<Record<Exclude<PartitionBy, 'NONE'>, string>> = {
  HOUR: 'yyyy-MM-ddTHH', DAY: 'yyyy-MM-dd', WEEK: 'YYYY-Www', MONTH: 'yyyy-MM', YEAR: 'yyyy',
};

function utc(y: number, m: number, d: number, h: number): number | undefined {
  const ms = Date.UTC(y, m - 1, d, h);
  const t = new Date(ms);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && t.getUTCHours() === h ? ms * 1000 : undefined;
}

function parseDay(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? utc(+m[1], +m[2], +m[3], 0) : undefined;
}

/**
 * The floor of the partition a LIST entry names (QuestDB: the entry's first characters in the unit's format,
 * so a full timestamp names its partition; WEEK also takes a date). Throws an Error with QuestDB's text
 * (`'yyyy-MM-dd' expected, found [ts=2024-1]`) otherwise.
 */
export function parsePartitionName(text: string, by: PartitionBy): number {
  if (by === 'NONE') return 0;
  const pattern = PATTERNS[by];
  const head = text.slice(0, Math.min(pattern.length, text.length));
  const fail = (found: string): Error => new Error(`'${pattern}'${by === 'WEEK' ? " or 'yyyy-MM-dd'" : ''} expected, found [ts=${found}]`);
  let floor: number | undefined;
  if (head.length === pattern.length) {
    switch (by) {
      case 'YEAR': floor = /^\d{4}$/.test(head) ? utc(+head, 1, 1, 0) : undefined; break;
      case 'MONTH': { const m = /^(\d{4})-(\d{2})$/.exec(head); floor = m ? utc(+m[1], +m[2], 1, 0) : undefined; break; }
      case 'DAY': floor = parseDay(head); break;
      case 'HOUR': { const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})$/.exec(head); floor = m ? utc(+m[1], +m[2], +m[3], +m[4]) : undefined; break; }
      case 'WEEK': {
        const m = /^(\d{4})-W(\d{2})$/.exec(head);
        if (m && +m[2] >= 1 && +m[2] <= 53) {
          // ISO week 1 holds January 4th; weeks start on Monday.
          const jan4 = Date.UTC(+m[1], 0, 4) * 1000;
          floor = partitionFloor('WEEK', jan4) + (+m[2] - 1) * WEEK_US;
        }
        break;
      }
    }
  }
  if (floor === undefined && by === 'WEEK') {
    const day = parseDay(text.slice(0, 10));
    if (day !== undefined) return partitionFloor('WEEK', day);
    throw fail(text.slice(0, Math.min(10, text.length)));
  }
  if (floor === undefined) throw fail(head);
  return floor;
}
