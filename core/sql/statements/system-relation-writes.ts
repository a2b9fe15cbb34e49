/**
 * A statement that writes to a system relation (core/sql/system-relations.ts: `telemetry_config`) is refused
 * at the relation's name with `table is read-only [table=<name>]`: INSERT, UPDATE, DROP TABLE (also with IF
 * EXISTS: the relation exists), TRUNCATE, RENAME TABLE and every ALTER TABLE. RENAME TABLE to its name is
 * `table already exists`, as CREATE TABLE of it is (create-table-statement.ts). A real table of that name
 * (made by /imp, the line protocol or a RENAME before they refused the name) can still be dropped or renamed
 * away; nothing reads it, for the relation comes first in FROM.
 */
import { SvcError } from '../../errors';
import type { Identifier, Statement } from '../ast';
import { BindEnvironment } from '../bind-environment';

export function isSystemRelation(env: BindEnvironment, name: string): boolean {
  return env.registry.tableFunction(name.toLowerCase())?.systemRelation === true;
}

/** The tables a statement changes (none for queries and CREATE TABLE). */
function writtenTables(s: Statement): readonly Identifier[] {
  switch (s.kind) {
    case 'insert': case 'update': case 'dropTable': case 'alterTable': return [s.table];
    case 'truncateTable': return s.tables;
    case 'renameTable': return [s.from];
    default: return [];
  }
}

/** A stored table under a system relation's name, left from before the name was refused, may go. */
function removable(s: Statement, env: BindEnvironment, name: string): boolean {
  return (s.kind === 'dropTable' || s.kind === 'renameTable') && env.storage.getTable(name) !== undefined;
}

/** Throws when `s` writes to a system relation, or renames a table to one's name. */
export function refuseSystemRelationWrites(s: Statement, env: BindEnvironment): void {
  for (const t of writtenTables(s)) {
    if (isSystemRelation(env, t.name) && !removable(s, env, t.name)) throw SvcError.tableReadOnly(t.position, t.name);
  }
  if (s.kind === 'renameTable' && isSystemRelation(env, s.to.name)) throw SvcError.sql(s.to.position, `table already exists [table=${s.to.name}]`);
}
