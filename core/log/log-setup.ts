/**
 * Turns log.conf into running writers: each listed writer with a `class` is built by the
 * LogWriterFactory of that class name; a writer without a class is inert (the reference's default
 * log.conf lists `file` with every `w.file.*` line commented out). A class's own properties can be set
 * from the environment too (`w.file.rollSize` → `SVC_LOG_W_FILE_ROLLSIZE`, spec "Logging" rule 5).
 */
import { WriterConfig } from '../config/log-config';
import { envName, LOG_ENV_PREFIX } from '../config/env-overrides';
import { SvcError } from '../errors';
import { LogWriterFactory, LogWriterSettings } from '../extension/log-writer';
import { ALL_LEVELS, DEFAULT_LEVELS } from './log-level';
import { ConfiguredWriter } from './log-service';

export interface WriterContext {
  readonly rootDir: string;
  readonly logDir: string;
  readonly version: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const CORE_PROPERTIES = new Set(['class', 'level', 'scope']);

export function createWriters(configs: readonly WriterConfig[], factories: readonly LogWriterFactory[],
  context: WriterContext): ConfiguredWriter[] {
  const byClass = new Map(factories.map((f) => [f.className, f]));
  const writers: ConfiguredWriter[] = [];
  try {
    for (const c of configs) {
      if (c.className === undefined) continue;
      const factory = byClass.get(c.className);
      if (!factory) {
        throw new SvcError(`unknown log writer class [writer=${c.name}, class=${c.className}, known=${[...byClass.keys()].join(',')}]`);
      }
      for (const prop of c.properties.keys()) {
        if (!CORE_PROPERTIES.has(prop) && !factory.properties.includes(prop)) {
          throw new SvcError(`Unknown property [writer=${c.name}, property=w.${c.name}.${prop}]`);
        }
      }
      const properties = new Map(c.properties);
      for (const prop of factory.properties) {
        const v = context.env[envName(`w.${c.name}.${prop}`, LOG_ENV_PREFIX)];
        if (v !== undefined) properties.set(prop, v);
      }
      const settings: LogWriterSettings = { name: c.name, className: c.className, properties, ...context };
      const levels = (c.levels ?? factory.defaultLevels ?? DEFAULT_LEVELS) & (factory.levelMask ?? ALL_LEVELS);
      writers.push({ name: c.name, levels, scope: c.scope, writer: factory.create(settings) });
    }
  } catch (e) {
    for (const w of writers) void w.writer.close();
    throw e;
  }
  return writers;
}
