/**
 * Start-up step after plugin loading: find log.conf, apply `SVC_LOG_` overrides, build the writers
 * from the registered LogWriterFactory classes and hand them to the LogService (which replays what
 * was logged so far). Bad log configuration stops start-up with the key, value and source line.
 * Warns (Advisory) about level sets that hide Info or Error lines and about `SVC_LOG_` variables
 * that no log.conf key reads.
 */
import { DependencyContainer } from 'tsyringe';
import { isAbsolute, join } from 'node:path';
import { GLOBAL_KEYS, LogConfig, parseLogConfig } from '../config/log-config';
import { envName, Environment, LOG_ENV_PREFIX } from '../config/env-overrides';
import { unknownEnvNotes } from '../config/unknown-env';
import { LogWriterFactory } from '../extension/log-writer';
import { DEFAULT_CONF_DIR, VERSION } from '../project';
import { RootDirectory } from '../root-directory';
import { levelGapWarning } from './level-gaps';
import { LEVEL_MARKER, LEVEL_VERBOSE_MARKER } from './log-level';
import { locateLogConf } from './log-conf-file';
import { LogService } from './log-service';
import { createWriters } from './log-setup';

export interface LoggingOptions {
  readonly env: Environment;
  /** `-Dout=<path>`. */
  readonly logConfPath?: string;
  readonly defaultConfDir?: string;
  /** `SVC_…` → the `QDB_…` variable it was translated from. */
  readonly envOrigins?: ReadonlyMap<string, string>;
}

export function configureLogging(container: DependencyContainer, logs: LogService, root: RootDirectory,
  options: LoggingOptions): void {
  const { env, envOrigins } = options;
  const source = locateLogConf(root.conf, options.logConfPath, options.defaultConfDir ?? DEFAULT_CONF_DIR);
  const config = parseLogConfig(source.text, env, source.path ?? 'built-in log.conf', (n) => envOrigins?.get(n) ?? n);
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
  for (const w of config.writers) {
    const warning = levelGapWarning(w);
    if (warning !== undefined) log.advisory(warning);
  }
  const known = logEnvNames(config, factories);
  for (const note of unknownEnvNotes(env, { prefix: LOG_ENV_PREFIX, known, origins: envOrigins })) log.advisory(note);
}

/** Every `SVC_LOG_` variable this configuration reads, mapped to its log.conf key. */
function logEnvNames(config: LogConfig, factories: readonly LogWriterFactory[]): Map<string, string> {
  const keys: string[] = [...GLOBAL_KEYS, 'writers'];
  for (const w of config.writers) {
    const own = factories.find((f) => f.className === w.className)?.properties ?? [];
    for (const p of ['class', 'level', 'scope', ...own]) keys.push(`w.${w.name}.${p}`);
  }
  return new Map(keys.map((k) => [envName(k, LOG_ENV_PREFIX), k]));
}
