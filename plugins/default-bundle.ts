/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpHealthPlugin } from './http-health';
import { logAlertSocketPlugin } from './log-alert-socket';
import { logConsolePlugin } from './log-console';
import { logFilePlugin } from './log-file';
import { logRollingFilePlugin } from './log-rolling-file';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  logFilePlugin,
  logRollingFilePlugin,
  logAlertSocketPlugin,
  httpHealthPlugin,
];
