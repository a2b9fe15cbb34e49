/** build(), version(), current_user, current_database (QuestDB's SQL dialect compatibility functions). */
import { Types } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { VERSION } from '../../../core/project';
import { constantVector } from '../../../core/sql/vector/vector-ops';

/**
 * The PostgreSQL version svc presents (version(), the PostgreSQL wire protocol's server_version):
 * clients choose their catalog queries by it, and 14's are the ones svc answers in full.
 */
export const POSTGRES_VERSION = '14.9';

/**
 * The one database's name, as QuestDB names it: current_database(), pg_database.datname and every
 * information_schema `table_catalog`, so tools' `table_catalog = current_database()` matches.
 */
export const DATABASE_NAME = 'qdb';

function textConstant(name: string, value: (user: string) => string): ScalarFunction {
  return {
    kind: 'scalar', name, args: [], returns: Types.STRING,
    kernel: (_a, n, type, c) => constantVector(type, value(c.user), n),
  };
}

export const infoFunctions: readonly ScalarFunction[] = [
  textConstant('build', () => `Build Information: svc ${VERSION}, Node.js ${process.version}`),
  textConstant('version', () => `PostgreSQL ${POSTGRES_VERSION}, compiled by Visual C++ build 1914, 64-bit, svc ${VERSION}`),
  textConstant('current_user', (u) => u),
  textConstant('current_database', () => DATABASE_NAME),
  textConstant('current_schema', () => 'public'),
];
