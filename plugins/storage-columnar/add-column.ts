/**
 * ADD COLUMN on a table whose writer lock the caller holds (ALTER TABLE through the engine, or the writer
 * itself when line protocol meets new names mid-request): `_txn` gets the new columns' tops first (harmless
 * if a crash comes before `_meta` knows the ids), then `_meta`. Old rows read null.
 */
import { join } from 'node:path';
import { TypeTag } from '../../core/data/column-type';
import { ColumnDef } from '../../core/data/table-schema';
import { SvcError } from '../../core/errors';
import { CommitMode } from './atomic-file';
import { StoredColumn, writeMeta } from './table-meta';
import { validateColumnName } from './table-name';
import { TableState } from './table-state';
import { writeTxn } from './txn-state';
import { storedWidth } from './vector-encoder';

/**
 * ADD COLUMN of several columns at once: every name checked first, then one `_txn` and one `_meta` write for
 * all of them, so adding n columns to a table of p partitions costs one pass over the partitions, not n.
 */
export function addTableColumns(state: TableState, columns: readonly ColumnDef[], mode: CommitMode, maxNameLength: number): StoredColumn[] {
  const taken = new Set(state.meta.columns.map((c) => c.name.toLowerCase()));
  for (const column of columns) {
    validateColumnName(column.name, maxNameLength);
    storedWidth(column.type);
    const lower = column.name.toLowerCase();
    if (taken.has(lower)) throw SvcError.badRequest(`duplicate column name [name=${column.name}]`);
    taken.add(lower);
  }
  if (columns.length === 0) return [];
  const first = state.meta.nextColumnId;
  const stored: StoredColumn[] = columns.map((column, k) => ({ ...column, id: first + k, file: `${column.name}.${first + k}` }));
  const partitions = state.txn.partitions.map((p) => ({ ...p, tops: withTops(p.tops, first, columns.length, p.rows) }));
  const txn = { ...state.txn, txn: state.txn.txn + 1, partitions };
  writeTxn(join(state.dir, '_txn'), txn, mode);
  state.txn = txn;
  const meta = { ...state.meta, columns: [...state.meta.columns, ...stored], nextColumnId: first + columns.length };
  writeMeta(join(state.dir, '_meta'), meta, mode);
  state.setMeta(meta);
  for (const c of stored) if (c.type.tag === TypeTag.SYMBOL) state.addDictionary(c.id);
  return stored;
}

/** `tops` plus `count` new column ids from `first`, each starting at `rows` (the rows before it read null). */
export function withTops(tops: Readonly<Record<string, number>>, first: number, count: number, rows: number): Record<string, number> {
  const out: Record<string, number> = { ...tops };
  for (let k = 0; k < count; k++) out[first + k] = rows;
  return out;
}
