/**
 * `telemetry_config`: the one-row relation QuestDB's web console reads on every load (`telemetry_config
 * limit -1`) to learn whether telemetry is on. svc sends nothing anywhere, so `enabled` is always false —
 * a read-only system relation (no table can take its name), which also keeps the console from sending
 * telemetry of its own. The columns are QuestDB's: id LONG256 (svc has no instance id: NULL), enabled,
 * then version, os, package, instance_name, instance_type, instance_desc as SYMBOL.
 */
import { type } from 'node:os';
import { Types } from '../../../core/data/column-type';
import { ResultColumn } from '../../../core/data/result-set';
import { TableFunction } from '../../../core/extension/sql-function';
import { VERSION } from '../../../core/project';
import { once, rowsBatch } from './rows-batch';

const SYM = Types.SYMBOL;
const COLUMNS: readonly ResultColumn[] = [
  { name: 'id', type: Types.LONG256 }, { name: 'enabled', type: Types.BOOLEAN }, { name: 'version', type: SYM }, { name: 'os', type: SYM },
  { name: 'package', type: SYM }, { name: 'instance_name', type: SYM }, { name: 'instance_type', type: SYM }, { name: 'instance_desc', type: SYM },
];

export const telemetryConfig: TableFunction = {
  kind: 'table', name: 'telemetry_config', systemRelation: true,
  describe: () => ({
    columns: COLUMNS, timestampIndex: -1,
    rows: () => once(() => rowsBatch(COLUMNS, [[null, false, VERSION, type(), null, '', '', '']])),
  }),
};
