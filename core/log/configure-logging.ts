/**
 * Start-up step after plugin loading: find log.conf, apply `SVC_LOG_` overrides, build the writers
 * from the registered LogWriterFactory classes and hand them to the LogService (which replays what
 * was logged so far). Bad log configuration stops start-up with the reason.
 */
import { DependencyContainer } from 'tsyringe';
import { isAbsolute, join } from 'node:path';
import { parseLogConfig } from '../config/log-config';
import { Environment } from '../config/env-overrides';
import { LogWriterFactory } from '../extension/log-writer';
import { DEFAULT_CONF_DIR, VERSION } from '../project';
import { RootDirectory } from '../root-directory';
import { LEVEL_MARKER, LEVEL_VERBOSE_MARKER } from './log-level';
import { locateLogConf } from './log-conf-file';
import { LogService } from './log-service';
import { createWriters } from './log-setup';

export function configureLogging(container: DependencyContainer, logs: LogService, root: RootDirectory, env: Environment,
  logConfPath: string | undefined, defaultConfDir = DEFAULT_CONF_DIR): void {
  const source = locateLogConf(root.conf, logConfPath, defaultConfDir);
  const config = parseLogConfig(source.text, env);
  const logDirText = config.globals.logDir;
  const logDir = logDirText === undefined ? root.log : isAbsolute(logDirText) ? logDirText : join(root.root, logDirText);
  const factories = container.isRegistered(LogWriterFactory, true) ? container.resolveAll<LogWriterFactory>(LogWriterFactory) : [];
  const writers = createWriters(config.writers, factories, { rootDir: root.root, logDir, version: VERSION, env });
  logs.configure(writers, {
    markers: config.globals.verbose ? LEVEL_VERBOSE_MARKER : LEVEL_MARKER,
    recordLength: config.globals.recordLength,
  });
  const log = logs.create('server-main');
  if (source.created) log.advisory(`created default log configuration ${source.path}`);
  log.advisory(`log configuration [file=${source.path ?? 'built-in'}, writers=${writers.map((w) => w.name).join(',')}, logDir=${logDir}]`);
  for (const k of config.unknownKeys) log.advisory(`unknown key in log.conf ignored [key=${k}]`);
}
