/**
 * A plugin declares itself and registers implementations of extension points explicitly in
 * `register` (nothing registers at import time). `loadPlugins` runs a bundle in order and fails
 * start-up on a duplicate name or a dependency that was not loaded before the plugin.
 */
import { DependencyContainer } from 'tsyringe';
import { SvcError } from './errors';
import { Log } from './log/log';

export interface Plugin {
  readonly name: string;
  /** Names of plugins that must be loaded before this one. */
  readonly dependsOn: readonly string[];
  /** Registers the plugin's extension-point implementations; may throw SvcError to stop start-up. */
  register(container: DependencyContainer): void;
}

export function isPlugin(x: unknown): x is Plugin {
  if (typeof x !== 'object' || x === null) return false;
  const p = x as Record<string, unknown>;
  return typeof p.name === 'string' && Array.isArray(p.dependsOn) && typeof p.register === 'function';
}

/** Registers each plugin in order; returns the loaded names. */
export function loadPlugins(container: DependencyContainer, plugins: readonly Plugin[], log: Log): string[] {
  const loaded: string[] = [];
  const names = new Set<string>();
  for (const plugin of plugins) {
    if (!isPlugin(plugin)) throw new SvcError(`not a plugin: ${JSON.stringify(plugin)}`);
    if (names.has(plugin.name)) throw new SvcError(`duplicate plugin name [name=${plugin.name}]`);
    for (const dep of plugin.dependsOn) {
      if (!names.has(dep)) {
        throw new SvcError(`plugin dependency missing [plugin=${plugin.name}, dependsOn=${dep}]: load ${dep} before ${plugin.name}`);
      }
    }
    try {
      plugin.register(container);
    } catch (e) {
      if (e instanceof SvcError) throw e;
      throw new SvcError(`plugin failed to register [plugin=${plugin.name}]: ${e instanceof Error ? e.message : String(e)}`, 500, undefined, { cause: e });
    }
    names.add(plugin.name);
    loaded.push(plugin.name);
  }
  log.advisory(`loaded plugins [${loaded.join(', ')}]`);
  return loaded;
}
