/**
 * `_txn`: the committed state of a table. Readers snapshot it; start-up recovery
 * truncates every file to the sizes it implies. Replaced atomically at each commit.
 */
import { readFileSync } from 'node:fs';
import { ColdReference } from '../../core/extension/partition-bytes';
import { CommitMode, writeFileAtomic } from './atomic-file';

export interface PartitionState {
  readonly name: string;
  /** First timestamp of the partition's time range (0 for NONE). */
  readonly floor: number;
  /** Folder name: `<name>.<txn that wrote it>`; an out-of-order merge writes a new folder. */
  readonly dir: string;
  readonly rows: number;
  readonly minTs: number;
  readonly maxTs: number;
  /** Column id → rows before the column existed in this partition (absent = 0). */
  readonly tops: Readonly<Record<string, number>>;
  /** Var-size column id → committed `.d` bytes. */
  readonly varBytes: Readonly<Record<string, number>>;
  /**
   * Set when the partition is in the Parquet tier: its rows are ONE Parquet file in `dir` (no column files;
   * `varBytes` is empty, `tops` still marks columns added since). Absent: native column files.
   */
  readonly parquet?: ParquetFileState;
}

export interface ParquetFileState {
  /** The file's name inside the partition folder (`data.parquet`). */
  readonly file: string;
  /** Its committed size in bytes. */
  readonly size: number;
  /** Set when the file lives on a cold store (the local copy may be gone). */
  readonly cold?: ColdReference;
}

export interface SymbolState {
  readonly count: number;
  readonly bytes: number;
}

export interface TxnState {
  readonly txn: number;
  /** Sorted by `floor`. */
  readonly partitions: readonly PartitionState[];
  /** SYMBOL column id → committed dictionary entries. */
  readonly symbols: Readonly<Record<string, SymbolState>>;
}

export const EMPTY_TXN: TxnState = { txn: 0, partitions: [], symbols: {} };

/** The committed state's file in a table folder. */
export const TXN_FILE = '_txn';
/** A table's next `_txn` while a commit across tables is in flight (commit-group.ts). */
export const TXN_NEXT_FILE = '_txn.next';

export function totalRows(txn: TxnState): number {
  let n = 0;
  for (const p of txn.partitions) n += p.rows;
  return n;
}

export function writeTxn(path: string, txn: TxnState, mode: CommitMode): void {
  writeFileAtomic(path, JSON.stringify({ formatVersion: 1, ...txn }), mode);
}

export function readTxn(path: string): TxnState {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as TxnState & { formatVersion: number };
  if (raw.formatVersion !== 1) throw new Error(`unsupported _txn format version [file=${path}]`);
  return { txn: raw.txn, partitions: raw.partitions, symbols: raw.symbols };
}
