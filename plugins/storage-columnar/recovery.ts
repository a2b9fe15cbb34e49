/**
 * Start-up recovery: everything past the committed state is removed. Column and
 * symbol files are truncated to the sizes `_txn` implies, partition folders `_txn` does not list (an
 * interrupted commit or out-of-order rewrite, or versions replaced before a crash) are deleted, and so are
 * files of dropped columns and leftover temp files. A crash therefore loses at most uncommitted rows. A
 * Parquet partition keeps only its Parquet file, cut to its committed size; a conversion a crash interrupted
 * left a folder `_txn` does not list, deleted here with its half-written file.
 */
import { existsSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { TypeTag } from '../../core/data/column-type';
import { committedSizes, dataPath, indexPath } from './partition-files';
import { StoredColumn, TableMeta, readMeta } from './table-meta';
import { EMPTY_TXN, PartitionState, TXN_FILE, TxnState, readTxn } from './txn-state';
import { storedWidth } from './vector-encoder';

export interface RecoveredTable {
  readonly meta: TableMeta;
  readonly txn: TxnState;
  /** Bytes cut from files and folders removed, for the start-up log. */
  readonly truncatedFiles: number;
  readonly removedEntries: number;
}

export function recoverTable(dir: string): RecoveredTable {
  const meta = readMeta(join(dir, '_meta'));
  const txnPath = join(dir, TXN_FILE);
  const txn = existsSync(txnPath) ? readTxn(txnPath) : EMPTY_TXN;
  let truncatedFiles = 0;
  let removedEntries = 0;
  const partitionDirs = new Set(txn.partitions.map((p) => p.dir));
  const keepFiles = new Set(['_meta', TXN_FILE]);
  for (const c of meta.columns) if (c.type.tag === TypeTag.SYMBOL) keepFiles.add(`${c.file}.sym`);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const isDir = statSync(path).isDirectory();
    if (isDir ? !partitionDirs.has(name) : !keepFiles.has(name)) {
      rmSync(path, { recursive: true, force: true });
      removedEntries++;
    }
  }
  for (const c of meta.columns) {
    if (c.type.tag !== TypeTag.SYMBOL) continue;
    if (truncateTo(join(dir, `${c.file}.sym`), txn.symbols[c.id]?.bytes ?? 0)) truncatedFiles++;
  }
  for (const p of txn.partitions) {
    truncatedFiles += truncatePartition(dir, p, meta.columns);
    const keep = new Set<string>();
    if (p.parquet) keep.add(p.parquet.file);
    else {
      for (const c of meta.columns) {
        keep.add(`${c.file}.d`);
        if (storedWidth(c.type) === 0) keep.add(`${c.file}.i`);
      }
    }
    // A cold partition whose local copy is gone has no folder left.
    if (!existsSync(join(dir, p.dir))) continue;
    for (const name of readdirSync(join(dir, p.dir))) {
      if (!keep.has(name)) {
        rmSync(join(dir, p.dir, name), { recursive: true, force: true });
        removedEntries++;
      }
    }
  }
  return { meta, txn, truncatedFiles, removedEntries };
}

/** Cuts a partition's column files to their committed sizes; returns how many were longer. */
export function truncatePartition(dir: string, p: PartitionState, columns: readonly StoredColumn[]): number {
  if (p.parquet) return truncateTo(join(dir, p.dir, p.parquet.file), p.parquet.size) ? 1 : 0;
  let truncated = 0;
  for (const c of columns) {
    const [d, i] = committedSizes(p, c);
    if (truncateTo(dataPath(dir, p, c), d)) truncated++;
    if (storedWidth(c.type) === 0 && truncateTo(indexPath(dir, p, c), i)) truncated++;
  }
  return truncated;
}

/** Truncates a file longer than `size`; true when it did. A missing or short file is left to the reader's check. */
function truncateTo(path: string, size: number): boolean {
  if (!existsSync(path)) return false;
  if (statSync(path).size <= size) return false;
  truncateSync(path, size);
  return true;
}
