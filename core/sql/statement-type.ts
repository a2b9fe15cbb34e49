/**
 * QuestDB's name for the type of a statement, as its `/api/v1/sql/validate` answers `{"queryType": …}` for
 * anything that is not a query (QuestDB 9.4.4 SqlValidationProcessor): `INSERT`, `INSERT AS SELECT`,
 * `CREATE TABLE`, `CREATE AS SELECT`, `DROP`, `TRUNCATE`, `RENAME TABLE`, `ALTER TABLE`, `TABLE SET TYPE`,
 * `UPDATE`, `EXPLAIN`. Queries (SELECT, set operations, SHOW) are `SELECT`: validate describes their columns.
 */
import type { Statement } from './ast';

export function statementType(s: Statement): string {
  switch (s.kind) {
    case 'select': case 'setOperation': case 'show': return 'SELECT';
    case 'explain': return 'EXPLAIN';
    case 'insert': return s.source.kind === 'values' ? 'INSERT' : 'INSERT AS SELECT';
    case 'update': return 'UPDATE';
    case 'createTable': return s.asSelect ? 'CREATE AS SELECT' : 'CREATE TABLE';
    case 'dropTable': return 'DROP';
    case 'truncateTable': return 'TRUNCATE';
    case 'renameTable': return 'RENAME TABLE';
    // QuestDB compiles `ALTER TABLE … SET TYPE [BYPASS] WAL` to a type of its own.
    case 'alterTable': return s.action.kind === 'setType' ? 'TABLE SET TYPE' : 'ALTER TABLE';
  }
}
