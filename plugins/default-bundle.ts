/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpConsolePlugin } from './http-console';
import { httpExecPlugin } from './http-exec';
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
  httpExecPlugin,
  httpConsolePlugin,
];
