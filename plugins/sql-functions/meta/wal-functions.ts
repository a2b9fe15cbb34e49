/**
 * `wal_tables()`: one row per WAL-enabled table. svc applies every write
 * synchronously, so the writer is never behind the sequencer: writerTxn = sequencerTxn = the table's
 * last commit number, nothing is buffered, no table is suspended and there is no memory pressure.
 */
import { Types } from '../../../core/data/column-type';
import { ResultColumn } from '../../../core/data/result-set';
import { TableFunction } from '../../../core/extension/sql-function';
import { SqlValue } from '../../../core/sql/vector/sql-value';
import { once, rowsBatch } from './rows-batch';

const WAL_COLUMNS: readonly ResultColumn[] = [
  { name: 'name', type: Types.STRING }, { name: 'suspended', type: Types.BOOLEAN }, { name: 'writerTxn', type: Types.LONG },
  { name: 'bufferedTxnSize', type: Types.LONG }, { name: 'sequencerTxn', type: Types.LONG }, { name: 'errorTag', type: Types.STRING },
  { name: 'errorMessage', type: Types.STRING }, { name: 'memoryPressure', type: Types.INT },
];

export const walTablesFunction: TableFunction = {
  kind: 'table', name: 'wal_tables',
  describe: () => ({
    columns: WAL_COLUMNS, timestampIndex: -1,
    rows: (c) => once(() => rowsBatch(WAL_COLUMNS, c.listTables().filter((t) => t.walEnabled).map((t): SqlValue[] => {
      const txn = c.committedTxn?.(t.name) ?? 0;
      return [t.name, false, txn, 0, txn, '', '', 0];
    }))),
  }),
};
