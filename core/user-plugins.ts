/**
 * User plugins: module paths listed in server.conf `plugins=` (absolute, or relative to the root) and
 * every `<root>/plugins/*.js`, loaded after the default bundle. A module may export a plugin as
 * `plugin`, `default`, or any export that has `name`, `dependsOn` and `register`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from './errors';
import { isPlugin, Plugin } from './plugin';
import { RootDirectory } from './root-directory';

export function findUserPluginModules(root: RootDirectory, listed: readonly string[]): string[] {
  const paths = listed.map((p) => root.resolve(p));
  if (existsSync(root.plugins)) {
    for (const name of readdirSync(root.plugins).sort()) {
      if (name.endsWith('.js') || name.endsWith('.cjs')) paths.push(join(root.plugins, name));
    }
  }
  return [...new Set(paths)];
}

export function requireUserPlugins(modulePaths: readonly string[]): Plugin[] {
  const plugins: Plugin[] = [];
  for (const path of modulePaths) {
    let mod: unknown;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      mod = require(path);
    } catch (e) {
      throw new SvcError(`cannot load plugin module [path=${path}]: ${e instanceof Error ? e.message : String(e)}`, 500, undefined, { cause: e });
    }
    const found = pluginsOf(mod);
    if (found.length === 0) throw new SvcError(`plugin module exports no plugin [path=${path}]`);
    plugins.push(...found);
  }
  return plugins;
}

function pluginsOf(mod: unknown): Plugin[] {
  if (isPlugin(mod)) return [mod];
  if (typeof mod !== 'object' || mod === null) return [];
  const exports = mod as Record<string, unknown>;
  const out: Plugin[] = [];
  for (const value of Object.values(exports)) if (isPlugin(value) && !out.includes(value)) out.push(value);
  return out;
}
