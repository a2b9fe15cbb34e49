/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpConsolePlugin } from './http-console';
import { httpExecPlugin } from './http-exec';
import { httpHealthPlugin } from './http-health';
import { logConsolePlugin } from './log-console';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpHealthPlugin,
  httpExecPlugin,
  httpConsolePlugin,
];
