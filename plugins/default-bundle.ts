/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpAuthPlugin } from './http-auth';
import { httpHealthPlugin } from './http-health';
import { httpMetricsPlugin } from './http-metrics';
import { logConsolePlugin } from './log-console';
import { sqlEnginePlugin } from './sql-engine';
import { sqlFunctionsPlugin } from './sql-functions';
import { sqlGrammarPlugin } from './sql-grammar';
import { storageColumnarPlugin } from './storage-columnar';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpAuthPlugin,
  httpHealthPlugin,
  httpMetricsPlugin,
  sqlGrammarPlugin,
  storageColumnarPlugin,
  sqlFunctionsPlugin,
  sqlEnginePlugin,
];
