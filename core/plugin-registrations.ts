/**
 * Which plugin registered what: `loadPlugins` hands each plugin a view of the container that notes the
 * plugin's name for every registration of a token, in registration order, so a clash can name the plugins
 * involved (tsyringe itself keeps no owner per registration).
 */
import { DependencyContainer } from 'tsyringe';

const REGISTERING_METHODS = new Set<PropertyKey>(['register', 'registerSingleton', 'registerType', 'registerInstance']);

export class RegistrationLog {
  private readonly owners = new Map<unknown, string[]>();

  /** The plugin names behind every registration of `token` so far, oldest first. */
  ownersOf(token: unknown): readonly string[] {
    return this.owners.get(token) ?? [];
  }

  /** `container` as seen by one plugin: registrations go through unchanged and are noted under `plugin`. */
  recording(container: DependencyContainer, plugin: string): DependencyContainer {
    const view: DependencyContainer = new Proxy(container, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (!REGISTERING_METHODS.has(property)) return (...args: unknown[]): unknown => value.apply(target, args);
        return (token: unknown, ...rest: unknown[]): unknown => {
          value.apply(target, [token, ...rest]);
          this.note(token, plugin);
          return view;
        };
      },
    });
    return view;
  }

  private note(token: unknown, plugin: string): void {
    let list = this.owners.get(token);
    if (!list) { list = []; this.owners.set(token, list); }
    list.push(plugin);
  }
}
