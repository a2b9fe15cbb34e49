/**
 * One name, one implementation: two plugins registering the same export format (`fmt`), import format
 * (`name`) or log writer class (`className`) stop start-up, because the consumers would otherwise pick one
 * silently. A user plugin may take over a built-in's name by declaring it in `replaces` (e.g.
 * `replaces: 'csv'`); that is logged, and the consumers use the later registration (the user plugin's).
 */
import { DependencyContainer } from 'tsyringe';
import { SvcError } from './errors';
import { ExportFormat } from './extension/export-format';
import { ImportFormat } from './extension/import-format';
import { LogWriterFactory } from './extension/log-writer';
import { Log } from './log/log';
import type { Plugin } from './plugin';
import { RegistrationLog } from './plugin-registrations';

interface NamedKind {
  readonly token: symbol;
  /** How messages name the kind and its key. */
  readonly what: string;
  readonly keyName: string;
  key(registration: unknown): unknown;
}

const field = (name: string) => (x: unknown): unknown => (typeof x === 'object' && x !== null ? (x as Record<string, unknown>)[name] : undefined);

const KINDS: readonly NamedKind[] = [
  { token: ExportFormat, what: 'export format', keyName: 'fmt', key: field('fmt') },
  { token: ImportFormat, what: 'import format', keyName: 'name', key: field('name') },
  { token: LogWriterFactory, what: 'log writer class', keyName: 'className', key: field('className') },
];

/** The names in a plugin's `replaces`; throws when it is neither a string nor a list of strings. */
export function replacedNames(plugin: Plugin): readonly string[] {
  const r: unknown = plugin.replaces;
  if (r === undefined) return [];
  if (typeof r === 'string') return [r];
  if (Array.isArray(r) && r.every((x): x is string => typeof x === 'string')) return r;
  throw new SvcError(`invalid replaces [plugin=${plugin.name}]: expected a name or a list of names`);
}

export interface PluginSets {
  /** Names of the bundle's plugins. */
  readonly builtIn: ReadonlySet<string>;
  /** Every loaded plugin, bundle first. */
  readonly plugins: readonly Plugin[];
}

/** Throws SvcError on a clash; logs every declared replacement. */
export function checkClashes(container: DependencyContainer, registrations: RegistrationLog, sets: PluginSets, log: Log): void {
  const replaces = new Map(sets.plugins.map((p) => [p.name, replacedNames(p)]));
  const used = new Set<string>();
  for (const kind of KINDS) {
    if (!container.isRegistered(kind.token, true)) continue;
    const instances = container.resolveAll<unknown>(kind.token);
    const noted = registrations.ownersOf(kind.token);
    // Registrations made outside any plugin (by the server itself) come first and count as built-in.
    const owners = [...Array<string>(Math.max(0, instances.length - noted.length)).fill('server'), ...noted];
    const byKey = new Map<string, string[]>();
    instances.forEach((instance, i) => {
      const key = String(kind.key(instance));
      byKey.set(key, [...(byKey.get(key) ?? []), owners[i] ?? 'server']);
    });
    for (const [key, claimants] of byKey) {
      if (claimants.length < 2) continue;
      const builtIn = claimants.filter((p) => p === 'server' || sets.builtIn.has(p));
      const user = claimants.filter((p) => !(p === 'server' || sets.builtIn.has(p)));
      const replacer = user[0];
      if (builtIn.length === 1 && user.length === 1 && replacer !== undefined && (replaces.get(replacer) ?? []).includes(key)) {
        used.add(`${replacer}\0${key}`);
        log.advisory(`plugin replaces a built-in ${kind.what} [plugin=${replacer}, ${kind.keyName}=${key}, replaced=${builtIn[0]}]`);
        continue;
      }
      const hint = user.length === 1 && builtIn.length === 1
        ? `: to replace the built-in one, declare replaces: '${key}' in plugin ${user[0]}`
        : ': rename one of them';
      throw new SvcError(`${kind.what} clash [${kind.keyName}=${key}, plugins=${claimants.join(', ')}]${hint}`);
    }
  }
  for (const [plugin, names] of replaces) {
    for (const name of names) {
      if (!used.has(`${plugin}\0${name}`)) log.advisory(`plugin declares replaces=${name} but replaces nothing of that name [plugin=${plugin}]`);
    }
  }
}
