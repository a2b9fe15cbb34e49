/** Where the project is installed (its conf/ defaults) and its version. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project folder: compiled files live in `<project>/dist/core`. */
export const PROJECT_DIR = resolve(__dirname, '..', '..');
export const DEFAULT_CONF_DIR = join(PROJECT_DIR, 'conf');

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(PROJECT_DIR, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const VERSION = readVersion();
