/** The import result (`fmt=json` or the tabular grid) of a committed upload, whatever its format. */
import { ImportCounters } from '../../core/extension/import-format';
import { ImportResult } from './import-result';
import { PreparedTable } from './import-table';

export function importSummary(prepared: PreparedTable, counters: ImportCounters, header: boolean): ImportResult {
  const s = prepared.schema;
  return {
    location: s.name,
    rowsHandled: counters.rowsHandled,
    rowsImported: counters.rowsImported,
    header,
    partitionBy: s.partitionBy,
    timestamp: s.timestampIndex >= 0 ? s.columns[s.timestampIndex].name : undefined,
    partitionFromTable: prepared.partitionFromTable,
    timestampFromTable: prepared.timestampFromTable,
    columns: s.columns.map((c, i) => ({
      name: c.name, type: c.type, errors: counters.errors[i],
      indexCapacity: c.indexed ? (c.indexCapacity ?? 256) : undefined,
    })),
  };
}
