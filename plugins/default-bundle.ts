/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpHealthPlugin } from './http-health';
import { logConsolePlugin } from './log-console';
import { sqlGrammarPlugin } from './sql-grammar';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpHealthPlugin,
  sqlGrammarPlugin,
];
