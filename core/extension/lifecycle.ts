/**
 * A service with a start and a stop: storage opening its tables, log writers, worker pools.
 * Started in registration order after all plugins are loaded, stopped in reverse order at shutdown
 * after the listeners stopped accepting and in-flight requests ended.
 */
export const Lifecycle = Symbol.for('svc.Lifecycle');

export interface Lifecycle {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}
