/**
 * `partition_by` for Parquet export: the start of the HOUR/DAY/WEEK/MONTH/YEAR period holding a
 * timestamp (µs, UTC; weeks start on Monday as in QuestDB's partitions). The writer starts a new row
 * group whenever the designated timestamp leaves the current period, so each row group holds one
 * partition and its statistics describe exactly that period.
 */
import { PartitionBy } from '../../core/data/table-schema';
import { civilFromDays, daysFromCivil } from '../../core/time/iso-timestamp';

const HOUR = 3_600_000_000;
const DAY = 24 * HOUR;
const ymd = new Int32Array(3);

/** [start, end) of the period holding `micros`. */
export function partitionRange(by: PartitionBy, micros: number, out: Float64Array): void {
  switch (by) {
    case 'HOUR': { const s = Math.floor(micros / HOUR) * HOUR; out[0] = s; out[1] = s + HOUR; return; }
    case 'DAY': { const s = Math.floor(micros / DAY) * DAY; out[0] = s; out[1] = s + DAY; return; }
    case 'WEEK': {
      // 1970-01-01 was a Thursday: shift by 3 days so weeks begin on Monday.
      const day = Math.floor(micros / DAY);
      const start = Math.floor((day + 3) / 7) * 7 - 3;
      out[0] = start * DAY; out[1] = (start + 7) * DAY; return;
    }
    case 'MONTH': case 'YEAR': {
      civilFromDays(Math.floor(micros / DAY), ymd);
      const y = ymd[0], m = by === 'YEAR' ? 1 : ymd[1];
      out[0] = daysFromCivil(y, m, 1) * DAY;
      out[1] = (by === 'YEAR' ? daysFromCivil(y + 1, 1, 1) : m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1)) * DAY;
      return;
    }
    default: out[0] = -Infinity; out[1] = Infinity;
  }
}
