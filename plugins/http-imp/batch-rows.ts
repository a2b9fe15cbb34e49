/**
 * Rows per import batch from `http.import.session.memory.limit`: a batch is as many rows as fit in half
 * the budget (the batch being filled and the one the writer holds), at most 65,536. A 20,000-column file
 * thus builds batches of a few hundred rows, and its memory follows its size, not its width times 64K rows.
 */
import { ColumnType, fixedSize, isVarSize } from '../../core/data/column-type';

export const MAX_BATCH_ROWS = 65536;
/** A variable-size value's offset plus a guess of its bytes. */
const VAR_SIZE_ROW_BYTES = 24;

export function batchRowsFor(types: readonly ColumnType[], memoryBytes: number): number {
  let rowBytes = 0;
  for (const t of types) rowBytes += isVarSize(t) ? VAR_SIZE_ROW_BYTES : fixedSize(t);
  return Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(memoryBytes / (2 * Math.max(1, rowBytes)))));
}
