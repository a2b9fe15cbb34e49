/**
 * Which log.conf applies: `-Dout=<path>` when given (absolute,
 * or relative to the working directory like any command-line path; a missing file stops start-up rather
 * than silently logging elsewhere); else `<root>/conf/log.conf`; else the built-in default, which is
 * also written to `<root>/conf/log.conf` so the operator has a file to edit.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SvcError } from '../errors';

/** QuestDB's containerised default, used when the project's conf/log.conf is missing. */
export const BUILT_IN_LOG_CONF = [
  'writers=stdout,http.min',
  'w.stdout.class=io.svc.log.LogConsoleWriter',
  'w.stdout.level=INFO',
  'w.http.min.class=io.svc.log.LogConsoleWriter',
  'w.http.min.level=ERROR',
  'w.http.min.scope=http-min-server',
  '',
].join('\n');

export interface LogConfSource {
  readonly text: string;
  /** The file read, or undefined for the built-in text. */
  readonly path: string | undefined;
  /** True when this start wrote `<root>/conf/log.conf`. */
  readonly created: boolean;
}

export function locateLogConf(confDir: string, dOut: string | undefined, defaultConfDir: string): LogConfSource {
  if (dOut !== undefined) {
    const path = resolve(dOut);
    if (!existsSync(path)) throw new SvcError(`log configuration not found [-Dout=${dOut}, path=${path}]`);
    return { text: readFileSync(path, 'utf8'), path, created: false };
  }
  const path = join(confDir, 'log.conf');
  if (existsSync(path)) return { text: readFileSync(path, 'utf8'), path, created: false };
  const shipped = join(defaultConfDir, 'log.conf');
  const text = existsSync(shipped) ? readFileSync(shipped, 'utf8') : BUILT_IN_LOG_CONF;
  try {
    writeFileSync(path, text, { flag: 'wx' });
    return { text, path, created: true };
  } catch {
    // A read-only conf/ still starts, with the built-in configuration.
    return { text, path: undefined, created: false };
  }
}
