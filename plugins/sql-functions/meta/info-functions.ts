/** build(), version(), current_user, current_database (QuestDB's SQL dialect compatibility functions). */
import { Types } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { VERSION } from '../../../core/project';
import { constantVector } from '../../../core/sql/vector/vector-ops';

function textConstant(name: string, value: (user: string) => string): ScalarFunction {
  return {
    kind: 'scalar', name, args: [], returns: Types.STRING,
    kernel: (_a, n, type, c) => constantVector(type, value(c.user), n),
  };
}

export const infoFunctions: readonly ScalarFunction[] = [
  textConstant('build', () => `Build Information: svc ${VERSION}, Node.js ${process.version}`),
  textConstant('version', () => `PostgreSQL 12.3, compiled by Visual C++ build 1914, 64-bit, svc ${VERSION}`),
  textConstant('current_user', (u) => u),
  textConstant('current_database', () => 'svc'),
  textConstant('current_schema', () => 'public'),
];
