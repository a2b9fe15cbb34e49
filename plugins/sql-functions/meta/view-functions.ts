/**
 * `views()` and `materialized_views()` with the columns QuestDB returns. svc has no
 * views or materialized views yet (Tier 3), so both list zero rows; the web console's schema tree
 * reads them at start and shows nothing.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { ResultColumn } from '../../../core/data/result-set';
import { TableFunction } from '../../../core/extension/sql-function';
import { once, rowsBatch } from './rows-batch';

const col = (name: string, type: ColumnType): ResultColumn => ({ name, type });
const S = Types.STRING, L = Types.LONG, I = Types.INT, T = Types.TIMESTAMP;

function emptyTable(name: string, columns: readonly ResultColumn[]): TableFunction {
  return {
    kind: 'table', name,
    describe: () => ({ columns, timestampIndex: -1, rows: () => once(() => rowsBatch(columns, [])) }),
  };
}

export const viewsFunction = emptyTable('views', [
  col('view_name', S), col('view_sql', S), col('view_table_dir_name', S), col('invalidation_reason', S), col('view_status', S),
  col('view_status_update_time', T),
]);

export const materializedViewsFunction = emptyTable('materialized_views', [
  col('view_name', S), col('refresh_type', S), col('base_table_name', S), col('last_refresh_start_timestamp', T),
  col('last_refresh_finish_timestamp', T), col('view_sql', S), col('view_table_dir_name', S), col('invalidation_reason', S),
  col('view_status', S), col('refresh_base_table_txn', L), col('base_table_txn', L), col('refresh_period_value', I),
  col('refresh_period_unit', S), col('refresh_limit_value', I), col('refresh_limit_unit', S), col('timer_time_zone', S),
  col('timer_start', T), col('timer_interval_value', I), col('timer_interval_unit', S),
]);
