/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpAuthPlugin } from './http-auth';
import { httpHealthPlugin } from './http-health';
import { httpMetricsPlugin } from './http-metrics';
import { logConsolePlugin } from './log-console';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpAuthPlugin,
  httpHealthPlugin,
  httpMetricsPlugin,
];
