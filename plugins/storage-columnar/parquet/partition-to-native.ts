/**
 * Writes a Parquet partition's rows as native column files in the folder of `fresh` (a new folder version):
 * column by column, each decoded whole (all row groups) and written, so memory holds one column of the
 * partition, as an out-of-order merge does. Columns the file lacks (added after the conversion) are written
 * as nulls. Used by CONVERT PARTITION TO NATIVE and by writes into a Parquet partition, which merge into
 * the native form and re-encode it at commit (table-writer.ts).
 */
import { join } from 'node:path';
import { SymbolTable } from '../../../core/data/symbol-table';
import { CommitMode, syncDirectory } from '../atomic-file';
import { writeColumnRows } from '../partition-files';
import { PartitionState } from '../txn-state';
import { ParquetReads, TableFiles } from './parquet-reads';

export async function writePartitionNative(reads: ParquetReads, table: TableFiles, p: PartitionState, dir: string,
  symbols: (index: number) => SymbolTable | undefined, mode: CommitMode, signal?: AbortSignal): Promise<PartitionState> {
  const fresh: PartitionState = { name: p.name, floor: p.floor, dir, rows: p.rows, minTs: p.minTs, maxTs: p.maxTs, tops: {}, varBytes: {} };
  const varBytes: Record<string, number> = {};
  const columns = table.meta.columns;
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i];
    const raw = await reads.column(table, p, c, symbols(i), signal);
    const w = writeColumnRows(table.dir, fresh, c, raw, 0, raw.rows, 0, 0, mode);
    if (raw.isVar) varBytes[c.id] = w.dataBytes;
  }
  if (mode === 'sync') syncDirectory(join(table.dir, dir));
  return { ...fresh, varBytes };
}
