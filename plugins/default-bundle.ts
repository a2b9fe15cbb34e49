/** The server: the default plugins in load order. Users add theirs via server.conf `plugins=` or `<root>/plugins/`. */
import { Plugin } from '../core/plugin';
import { httpHealthPlugin } from './http-health';
import { httpImpPlugin } from './http-imp';
import { importDelimitedPlugin } from './import-delimited';
import { logConsolePlugin } from './log-console';
import { storageColumnarPlugin } from './storage-columnar';

export const defaultBundle: readonly Plugin[] = [
  logConsolePlugin,
  httpHealthPlugin,
  storageColumnarPlugin,
  importDelimitedPlugin,
  httpImpPlugin,
];
