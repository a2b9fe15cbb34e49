/**
 * Time partitioning of the designated timestamp (µs since epoch, UTC): the floor of a timestamp to its
 * partition, the next partition's floor, and the folder name (QuestDB's: `2024-01-15T13`, `2024-01-15`,
 * `2024-W03`, `2024-01`, `2024`, `default`).
 */
import { PartitionBy } from '../../core/data/table-schema';

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
