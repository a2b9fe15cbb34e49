/**
 * ADD COLUMN on a table whose writer lock the caller holds (ALTER TABLE through the engine, or the writer
 * itself when line protocol meets a new name mid-request): `_txn` gets the new column's tops first (harmless
 * if a crash comes before `_meta` knows the id), then `_meta`. Old rows read null.
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

export function addTableColumn(state: TableState, column: ColumnDef, mode: CommitMode, maxNameLength: number): StoredColumn {
  validateColumnName(column.name, maxNameLength);
  storedWidth(column.type);
  const lower = column.name.toLowerCase();
  if (state.meta.columns.some((c) => c.name.toLowerCase() === lower)) throw SvcError.badRequest(`duplicate column name [name=${column.name}]`);
  const id = state.meta.nextColumnId;
  const partitions = state.txn.partitions.map((p) => ({ ...p, tops: { ...p.tops, [id]: p.rows } }));
  const txn = { ...state.txn, txn: state.txn.txn + 1, partitions };
  writeTxn(join(state.dir, '_txn'), txn, mode);
  state.txn = txn;
  const stored: StoredColumn = { ...column, id, file: `${column.name}.${id}` };
  const meta = { ...state.meta, columns: [...state.meta.columns, stored], nextColumnId: id + 1 };
  writeMeta(join(state.dir, '_meta'), meta, mode);
  state.setMeta(meta);
  if (column.type.tag === TypeTag.SYMBOL) state.addDictionary(id);
  return stored;
}
