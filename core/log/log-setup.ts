/**
 * Turns log.conf into running writers: each listed writer is built by the LogWriterFactory of its
 * class name. A class's own properties can be set from the environment too (`w.file.rollSize` →
 * `SVC_LOG_W_FILE_ROLLSIZE`). Advisory lines (start-up, listening addresses,
 * `server is ready`) go to every writer whose class takes them, whatever its level set, so an
 * operator always sees that the server started and where it listens.
 */
import { WriterConfig } from '../config/log-config';
import { envName, LOG_ENV_PREFIX } from '../config/env-overrides';
import { SettingOrigin, settingError } from '../config/setting-origin';
import { LogWriterFactory, LogWriterSettings } from '../extension/log-writer';
import { ALL_LEVELS, DEFAULT_LEVELS, LogLevel } from './log-level';
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
      const factory = byClass.get(c.className);
      if (!factory) {
        throw settingError('invalid value for log.conf key', c.origin('class'),
          `unknown log writer class; the known ones are ${[...byClass.keys()].join(', ')}`);
      }
      for (const prop of c.properties.keys()) {
        if (!CORE_PROPERTIES.has(prop) && !factory.properties.includes(prop)) {
          throw settingError('unknown log.conf key', c.origin(prop),
            `Unknown property; ${c.className} takes ${['class', 'level', 'scope', ...factory.properties].join(', ')}`);
        }
      }
      const properties = new Map(c.properties);
      const fromEnv = new Map<string, string>();
      for (const prop of factory.properties) {
        const name = envName(`w.${c.name}.${prop}`, LOG_ENV_PREFIX);
        const v = context.env[name];
        if (v !== undefined) { properties.set(prop, v); fromEnv.set(prop, name); }
      }
      const origin = (prop: string): SettingOrigin => {
        const o = c.origin(prop);
        const variable = fromEnv.get(prop);
        return variable === undefined ? o : { ...o, value: properties.get(prop), source: variable };
      };
      const settings: LogWriterSettings = { name: c.name, className: c.className, properties, ...context, origin };
      const mask = factory.levelMask ?? ALL_LEVELS;
      const levels = ((c.levels ?? factory.defaultLevels ?? DEFAULT_LEVELS) | LogLevel.Advisory) & mask;
      writers.push({ name: c.name, levels, scope: c.scope, writer: factory.create(settings) });
    }
  } catch (e) {
    for (const w of writers) void w.writer.close();
    throw e;
  }
  return writers;
}

/** Origins for writer settings built outside log.conf (tests, benchmarks): every value "from log.conf". */
export function plainOrigins(name: string, properties: ReadonlyMap<string, string>): (property: string) => SettingOrigin {
  return (property) => {
    const key = `w.${name}.${property}`;
    return { key, value: properties.get(property), source: 'log.conf', env: envName(key, LOG_ENV_PREFIX) };
  };
}
