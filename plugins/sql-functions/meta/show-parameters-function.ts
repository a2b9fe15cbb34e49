/**
 * `SHOW PARAMETERS` (and the web console's `(SHOW PARAMETERS)`), as the table function `show_parameters()`:
 * every configuration key with its env name, effective value
 * (secrets masked by ServerConfig.entries) and where the value came from. svc reads its configuration once
 * at start, so nothing is reloadable.
 */
import { Types } from '../../../core/data/column-type';
import { ResultColumn } from '../../../core/data/result-set';
import { ConfigEntry, ServerConfig } from '../../../core/config/server-config';
import { TableFunction } from '../../../core/extension/sql-function';
import { SqlValue } from '../../../core/sql/vector/sql-value';
import { once, rowsBatch } from './rows-batch';

const PARAMETER_COLUMNS: readonly ResultColumn[] = [
  { name: 'property_path', type: Types.STRING }, { name: 'env_var_name', type: Types.STRING }, { name: 'value', type: Types.STRING },
  { name: 'value_source', type: Types.STRING }, { name: 'sensitive', type: Types.BOOLEAN }, { name: 'reloadable', type: Types.BOOLEAN },
];

/** QuestDB's value_source words: `default`, `conf` (server.conf) and `env`; a secret file counts as `env`. */
function sourceWord(e: ConfigEntry): string {
  return e.source === 'file' ? 'env' : e.source;
}

export function parameterRows(entries: readonly ConfigEntry[]): SqlValue[][] {
  return entries.map((e) => [e.key, e.envName, e.value ?? null, sourceWord(e), e.sensitive, false]);
}

export function showParametersFunction(config: ServerConfig): TableFunction {
  return {
    kind: 'table', name: 'show_parameters',
    describe: () => ({
      columns: PARAMETER_COLUMNS, timestampIndex: -1,
      rows: () => once(() => rowsBatch(PARAMETER_COLUMNS, parameterRows(config.entries()))),
    }),
  };
}
