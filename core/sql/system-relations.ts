/**
 * The system relations: relations QuestDB keeps as tables that svc answers from a TableFunction declaring
 * `systemRelation` (`telemetry_config`, which QuestDB's web console reads on every load). They only read:
 * every write path refuses them with `table is read-only [table=<name>]` (SvcError.tableReadOnly) — SQL
 * (statements/system-relation-writes.ts), COPY FROM STDIN, /imp and the line protocol — and no table may
 * take their names, so nothing can stand in for one (its `enabled` stays false). Resolve it with
 * `container.resolve(SystemRelations)` or `@inject(SystemRelations)` (no registration needed).
 */
import { injectable, injectAll } from 'tsyringe';
import { SqlFunction } from '../extension/sql-function';
import { SvcError } from '../errors';

/** The lower-case names of the system relations among `functions`. */
export function systemRelationNames(functions: readonly SqlFunction[]): ReadonlySet<string> {
  return new Set(functions.filter((f) => f.kind === 'table' && f.systemRelation === true).map((f) => f.name.toLowerCase()));
}

@injectable()
export class SystemRelations {
  readonly names: ReadonlySet<string>;

  constructor(@injectAll(SqlFunction, { isOptional: true }) functions: SqlFunction[]) {
    this.names = systemRelationNames(functions);
  }

  has(name: string): boolean {
    return this.names.has(name.toLowerCase());
  }

  /** Throws SvcError 400 `table is read-only [table=<name>]` when `name` is a system relation. */
  assertWritable(name: string, position = 0): void {
    if (this.has(name)) throw SvcError.tableReadOnly(position, name);
  }
}
