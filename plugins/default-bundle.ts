/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { exportCsvPlugin } from './export-csv';
import { exportParquetPlugin } from './export-parquet';
import { httpExpPlugin } from './http-exp';
import { httpHealthPlugin } from './http-health';
import { logConsolePlugin } from './log-console';
import { sqlEnginePlugin } from './sql-engine';
import { sqlFunctionsPlugin } from './sql-functions';
import { sqlGrammarPlugin } from './sql-grammar';
import { storageColumnarPlugin } from './storage-columnar';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpHealthPlugin,
  sqlGrammarPlugin,
  storageColumnarPlugin,
  sqlFunctionsPlugin,
  sqlEnginePlugin,
  exportCsvPlugin,
  exportParquetPlugin,
  httpExpPlugin,
];
