/**
 * A plugin declares itself and registers implementations of extension points explicitly in
 * `register` (nothing registers at import time). `loadPlugins` runs the bundle, then the user plugins,
 * in order, and fails start-up on a duplicate name, a dependency that was not loaded before the plugin,
 * or two plugins claiming the same export format, import format or log writer class (plugin-clashes.ts).
 */
import { DependencyContainer } from 'tsyringe';
import { SvcError } from './errors';
import { Log } from './log/log';
import { checkClashes, replacedNames } from './plugin-clashes';
import { RegistrationLog } from './plugin-registrations';

export interface Plugin {
  readonly name: string;
  /** Names of plugins that must be loaded before this one. */
  readonly dependsOn: readonly string[];
  /**
   * Built-in export formats (`fmt`), import formats (`name`) or log writer classes (`className`) this
   * plugin means to replace, e.g. `'csv'`. Without it, registering a name a built-in has stops start-up.
   */
  readonly replaces?: string | readonly string[];
  /** Registers the plugin's extension-point implementations; may throw SvcError to stop start-up. */
  register(container: DependencyContainer): void;
}

export function isPlugin(x: unknown): x is Plugin {
  if (typeof x !== 'object' || x === null) return false;
  const p = x as Record<string, unknown>;
  return typeof p.name === 'string' && Array.isArray(p.dependsOn) && typeof p.register === 'function';
}

/** Registers the bundle's plugins and then the user plugins, in order; returns the loaded names. */
export function loadPlugins(container: DependencyContainer, bundle: readonly Plugin[], log: Log,
  userPlugins: readonly Plugin[] = []): string[] {
  const loaded: string[] = [];
  const names = new Set<string>();
  const registrations = new RegistrationLog();
  const all = [...bundle, ...userPlugins];
  for (const plugin of all) {
    if (!isPlugin(plugin)) throw new SvcError(`not a plugin: ${JSON.stringify(plugin)}`);
    if (names.has(plugin.name)) throw new SvcError(`duplicate plugin name [name=${plugin.name}]`);
    replacedNames(plugin);
    for (const dep of plugin.dependsOn) {
      if (!names.has(dep)) {
        throw new SvcError(`plugin dependency missing [plugin=${plugin.name}, dependsOn=${dep}]: load ${dep} before ${plugin.name}`);
      }
    }
    try {
      plugin.register(registrations.recording(container, plugin.name));
    } catch (e) {
      if (e instanceof SvcError) throw e;
      throw new SvcError(`plugin failed to register [plugin=${plugin.name}]: ${e instanceof Error ? e.message : String(e)}`, 500, undefined, { cause: e });
    }
    names.add(plugin.name);
    loaded.push(plugin.name);
  }
  checkClashes(container, registrations, { builtIn: new Set(bundle.map((p) => p.name)), plugins: all }, log);
  log.advisory(`loaded plugins [${loaded.join(', ')}]`);
  return loaded;
}
