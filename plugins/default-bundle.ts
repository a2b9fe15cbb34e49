/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpAuthPlugin } from './http-auth';
import { httpConsolePlugin } from './http-console';
import { httpExecPlugin } from './http-exec';
import { exportArrowPlugin } from './export-arrow';
import { exportCsvPlugin } from './export-csv';
import { exportNdjsonPlugin } from './export-ndjson';
import { exportParquetPlugin } from './export-parquet';
import { httpExpPlugin } from './http-exp';
import { httpHealthPlugin } from './http-health';
import { httpMetricsPlugin } from './http-metrics';
import { logAlertSocketPlugin } from './log-alert-socket';
import { httpImpPlugin } from './http-imp';
import { httpIlpPlugin } from './http-ilp';
import { lineProtocolPlugin } from './line-protocol';
import { tcpIlpPlugin } from './tcp-ilp';
import { importDelimitedPlugin } from './import-delimited';
import { importNdjsonPlugin } from './import-ndjson';
import { importParquetPlugin } from './import-parquet';
import { logConsolePlugin } from './log-console';
import { logFilePlugin } from './log-file';
import { logRollingFilePlugin } from './log-rolling-file';
import { sqlEnginePlugin } from './sql-engine';
import { sqlFunctionsPlugin } from './sql-functions';
import { sqlGrammarPlugin } from './sql-grammar';
import { sqlCatalogPlugin } from './sql-catalog';
import { pgWirePlugin } from './pg-wire';
import { storageColumnarPlugin } from './storage-columnar';
import { storageObjectStorePlugin } from './storage-object-store';
import { tableFormatIcebergPlugin } from './table-format-iceberg';
import { webConsolePlugin } from './web-console';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpAuthPlugin,
  logFilePlugin,
  logRollingFilePlugin,
  logAlertSocketPlugin,
  httpHealthPlugin,
  httpMetricsPlugin,
  sqlGrammarPlugin,
  storageColumnarPlugin,
  storageObjectStorePlugin,
  tableFormatIcebergPlugin,
  sqlFunctionsPlugin,
  sqlCatalogPlugin,
  sqlEnginePlugin,
  httpExecPlugin,
  httpConsolePlugin,
  importParquetPlugin,
  importNdjsonPlugin,
  importDelimitedPlugin,
  httpImpPlugin,
  exportCsvPlugin,
  exportParquetPlugin,
  exportArrowPlugin,
  exportNdjsonPlugin,
  httpExpPlugin,
  lineProtocolPlugin,
  httpIlpPlugin,
  tcpIlpPlugin,
  webConsolePlugin,
  pgWirePlugin,
];
