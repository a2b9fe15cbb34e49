/**
 * Publishing a transaction. Its rows are already on disk (stage-rows.ts); the
 * commit appends new symbol dictionary entries, then replaces `_txn` atomically, and only after that
 * changes the in-memory state that readers snapshot. An exception before the `_txn` swap leaves the
 * committed state untouched. A commit across tables (commit-group.ts) prepares every table first and
 * writes their `_txn` files itself.
 */
import { constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { CommitMode, syncDirectory } from './atomic-file';
import { SYNC_WRITES } from './file-writes';
import { StagedTxn } from './staged-txn';
import { TableState } from './table-state';
import { SymbolState, TXN_FILE, TxnState, writeTxn } from './txn-state';

export interface PreparedCommit {
  readonly state: TableState;
  readonly staged: StagedTxn;
  /** The `_txn` that publishes the transaction. */
  readonly next: TxnState;
}

/** Makes everything but `_txn` durable: new dictionary entries and, in `sync` mode, the folder entries. */
export function prepareCommit(state: TableState, staged: StagedTxn, mode: CommitMode): PreparedCommit {
  const symbols = writeSymbols(state, mode);
  if (mode === 'sync') syncDirectory(state.dir);
  return { state, staged, next: { txn: state.txn.txn + 1, partitions: staged.partitions, symbols } };
}

/**
 * Publishes a prepared commit: `_txn` is replaced (unless a commit group already renamed it into place),
 * new readers see the rows, and folders the transaction replaced are deleted once older readers close.
 */
export function publishCommit(commit: PreparedCommit, mode: CommitMode, txnWritten = false): void {
  const { state, next } = commit;
  if (!txnWritten) writeTxn(join(state.dir, TXN_FILE), next, mode);
  const before = state.txn;
  state.txn = next;
  for (const c of state.meta.columns) state.dictionaries.get(c.id)?.markCommitted(next.symbols[c.id].bytes);
  state.retire(next.txn, commit.staged.replaced);
  state.onPublish?.(before, next);
}

function writeSymbols(state: TableState, mode: CommitMode): Record<string, SymbolState> {
  const out: Record<string, SymbolState> = { ...state.txn.symbols };
  for (const c of state.meta.columns) {
    const dict = state.dictionaries.get(c.id);
    if (!dict) continue;
    let bytes = dict.committedBytes;
    if (dict.size > dict.committed) {
      const entries = dict.pendingEntries();
      const path = join(state.dir, `${c.file}.sym`);
      const fd = openSync(path, constants.O_RDWR | constants.O_CREAT);
      SYNC_WRITES.writeAndFinish(fd, entries, bytes, mode, path);
      bytes += entries.length;
    }
    out[c.id] = { count: dict.size, bytes };
  }
  return out;
}
