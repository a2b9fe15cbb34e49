/**
 * At commit, a transaction's partitions that were Parquet before it (rows merged or appended into them, or an
 * UPDATE's rewrite) are encoded back to Parquet in their new folder, and their column files removed, so a
 * write never silently changes a partition's tier. The folders are the transaction's own: a failure here
 * fails the commit and the rollback deletes them; the committed partitions are untouched.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SymbolTable } from '../../../core/data/symbol-table';
import { StagedTxn } from '../staged-txn';
import { TableState } from '../table-state';
import { PARQUET_FILE, PartitionEncoding } from './partition-encoding';
import { writePartitionParquet } from './partition-to-parquet';

export async function encodeKeptParquet(state: TableState, staged: StagedTxn, encoding: PartitionEncoding): Promise<void> {
  if (staged.keepParquet.size === 0) return;
  const symbols = (i: number): SymbolTable | undefined => state.dictionaries.get(state.meta.columns[i]?.id ?? -1);
  const parts = [...staged.partitions];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!staged.keepParquet.has(p.name) || p.parquet || !staged.isCreated(p.dir)) continue;
    const dir = join(state.dir, p.dir);
    const path = join(dir, PARQUET_FILE);
    let size: number;
    try {
      size = await writePartitionParquet({ tableDir: state.dir, meta: state.meta, partition: p, symbols, encoding }, path);
    } catch (e) {
      rmSync(path, { force: true });
      throw e;
    }
    for (const name of readdirSync(dir)) if (name !== PARQUET_FILE) rmSync(join(dir, name), { force: true });
    parts[i] = { ...p, tops: {}, varBytes: {}, parquet: { file: PARQUET_FILE, size } };
  }
  staged.partitions = parts;
  staged.keepParquet.clear();
}
