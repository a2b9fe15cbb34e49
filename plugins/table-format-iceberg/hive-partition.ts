/**
 * How a partition is named in the open layout: the Hive folder (`ts_day=2024-01-01`) and the Iceberg
 * partition field it corresponds to (transform `day` of the designated timestamp, value = days since the
 * epoch), after Iceberg's own transforms and their path text (`PartitionSpec.partitionToPath`). WEEK has no
 * Iceberg transform: such tables get an unpartitioned spec while the folders still say the week.
 */
import { PartitionBy } from '../../core/data/table-schema';

export type IcebergTransform = 'hour' | 'day' | 'month' | 'year';

export interface HivePartition {
  /** Folder-name key: `<timestamp column>_<unit>` (`ts_day`). */
  readonly field: string;
  /** Folder-name value (`2024-01-01`). */
  readonly value: string;
  /** The Iceberg transform, or undefined (WEEK, NONE): no partition field. */
  readonly transform?: IcebergTransform;
  /** The Iceberg partition value: hours/days/months/years since 1970-01-01. */
  readonly ordinal: number;
}

const MICROS_PER_HOUR = 3_600_000_000;
const MICROS_PER_DAY = 86_400_000_000;

const two = (n: number): string => String(n).padStart(2, '0');

/** The transform Iceberg uses for a partitioning, or undefined when it has none. */
export function transformOf(partitionBy: PartitionBy): IcebergTransform | undefined {
  switch (partitionBy) {
    case 'HOUR': return 'hour';
    case 'DAY': return 'day';
    case 'MONTH': return 'month';
    case 'YEAR': return 'year';
    default: return undefined;
  }
}

/** The Hive folder of a partition starting at `floorMicros`. */
export function hivePartition(timestampColumn: string, partitionBy: PartitionBy, floorMicros: number, partitionName: string): HivePartition {
  const d = new Date(Math.floor(floorMicros / 1000));
  const y = d.getUTCFullYear();
  const ymd = `${y}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  const column = timestampColumn.toLowerCase();
  switch (partitionBy) {
    case 'HOUR':
      return { field: `${column}_hour`, value: `${ymd}-${two(d.getUTCHours())}`, transform: 'hour', ordinal: Math.floor(floorMicros / MICROS_PER_HOUR) };
    case 'DAY':
      return { field: `${column}_day`, value: ymd, transform: 'day', ordinal: Math.floor(floorMicros / MICROS_PER_DAY) };
    case 'MONTH':
      return { field: `${column}_month`, value: `${y}-${two(d.getUTCMonth() + 1)}`, transform: 'month', ordinal: (y - 1970) * 12 + d.getUTCMonth() };
    case 'YEAR':
      return { field: `${column}_year`, value: String(y), transform: 'year', ordinal: y - 1970 };
    case 'WEEK':
      return { field: `${column}_week`, value: partitionName, ordinal: 0 };
    default:
      return { field: 'partition', value: partitionName, ordinal: 0 };
  }
}

/** A folder or file name piece as Hive escapes it (`/`, `=`, `%` and controls as `%XX`). */
export function hiveEscape(text: string): string {
  return text.replace(/[\u0000-\u001f"#%'*/:=?\\\u007f{}[\]^]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
