/**
 * The rules for DEDUP UPSERT KEYS, with QuestDB's texts: every key is a
 * column, none repeats, none is an array, and the designated timestamp is one of them. Storage checks
 * them for every caller; SQL statements check them first to point at the offending key.
 */
import { TypeTag, typeName } from './column-type';
import { ColumnDef } from './table-schema';

export interface DedupKeyError {
  /** Index of the offending key in the list (0 when the list as a whole is wrong). */
  readonly key: number;
  readonly message: string;
}

export function dedupKeyError(columns: readonly ColumnDef[], timestamp: string | undefined, keys: readonly string[]): DedupKeyError | undefined {
  const seen = new Set<string>();
  for (const [i, key] of keys.entries()) {
    const lower = key.toLowerCase();
    const column = columns.find((c) => c.name.toLowerCase() === lower);
    if (!column) return { key: i, message: `deduplicate key column not found [column=${key}]` };
    if (seen.has(lower)) return { key: i, message: `duplicate dedup column [column=${key}]` };
    if (column.type.tag === TypeTag.ARRAY) {
      return { key: i, message: `dedup key columns cannot include ARRAY [column=${key}, type=${typeName(column.type)}]` };
    }
    seen.add(lower);
  }
  if (timestamp === undefined || !seen.has(timestamp.toLowerCase())) {
    return { key: 0, message: 'deduplicate key list must include dedicated timestamp column' };
  }
  return undefined;
}
