/**
 * Where a setting's value came from, and the one shape every start-up error about a setting takes:
 * `<problem> <key> [value=…, source=…, env=…]: <reason>`. The same form serves server.conf keys,
 * listener addresses that cannot be bound and log.conf keys, so an operator always sees the key, the
 * value, where it was read (a file line, an environment variable or the default) and the variable
 * that overrides it.
 */
import { SvcError } from '../errors';

export interface SettingOrigin {
  readonly key: string;
  /** The raw text (secrets masked as `****`); undefined when the key has no value. */
  readonly value: string | undefined;
  /** `default`, `server.conf line 3`, `/root/conf/log.conf line 12`, or the environment variable. */
  readonly source: string;
  /** The environment variable that overrides the key. */
  readonly env: string;
}

export function describeSetting(o: SettingOrigin): string {
  return `${o.key} [value=${o.value ?? ''}, source=${o.source}, env=${o.env}]`;
}

/** `new SvcError('<problem> <key> [value=…, source=…, env=…]: <reason>')`. */
export function settingError(problem: string, origin: SettingOrigin, reason: string, cause?: unknown): SvcError {
  return new SvcError(`${problem} ${describeSetting(origin)}: ${reason}`, 500, undefined,
    cause === undefined ? undefined : { cause });
}
