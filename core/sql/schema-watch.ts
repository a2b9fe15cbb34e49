/**
 * The storage a statement is planned against, watched: every `getTable` answer is noted, and any other call
 * (a reader opened, the table list read) marks the plan as depending on more than table schemas. A plan
 * that read schemas only stays right while `getTable` gives the same schema objects (the engine replaces a
 * table's schema object on every change), so the /exec query cache may run it again for the same text.
 */
import { TableSchema } from '../data/table-schema';
import { StorageEngine } from '../extension/storage-engine';

export interface WatchedStorage {
  readonly storage: StorageEngine;
  /** Whether planning asked the storage for nothing but table schemas. */
  readonly schemasOnly: () => boolean;
  /** Whether every table schema planning saw (or a table it found missing) is still what the storage has. */
  readonly unchanged: () => boolean;
}

export function watchStorage(target: StorageEngine): WatchedStorage {
  const seen = new Map<string, TableSchema | undefined>();
  let other = false;
  const getTable = (name: string): TableSchema | undefined => {
    const schema = target.getTable(name);
    if (!seen.has(name)) seen.set(name, schema);
    return schema;
  };
  const storage = new Proxy(target, {
    get(t, property, receiver): unknown {
      if (property === 'getTable') return getTable;
      const value: unknown = Reflect.get(t, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        other = true;
        return (value as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
  return {
    storage,
    schemasOnly: () => !other,
    unchanged: () => {
      for (const [name, schema] of seen) if (target.getTable(name) !== schema) return false;
      return true;
    },
  };
}
