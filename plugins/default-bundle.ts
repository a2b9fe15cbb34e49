/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { exportCsvPlugin } from './export-csv';
import { exportParquetPlugin } from './export-parquet';
import { httpExpPlugin } from './http-exp';
import { httpHealthPlugin } from './http-health';
import { logConsolePlugin } from './log-console';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpHealthPlugin,
  exportCsvPlugin,
  exportParquetPlugin,
  httpExpPlugin,
];
