/** AND, OR, NOT over BOOLEAN (not nullable: null is false). */
import { Types } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { binaryLoop, runBinary, runUnary, unaryLoop } from '../kernel-templates';

const andLoop = binaryLoop('x & y', 'none', 'none', 'none');
const orLoop = binaryLoop('x | y', 'none', 'none', 'none');
const notLoop = unaryLoop('x ^ 1', 'none', 'none');
const B = Types.BOOLEAN;

export const logicalFunctions: readonly ScalarFunction[] = [
  { kind: 'scalar', name: 'and', args: [B, B], returns: B, kernel: (a, n, t) => runBinary(andLoop, a[0], a[1], n, t) },
  { kind: 'scalar', name: 'or', args: [B, B], returns: B, kernel: (a, n, t) => runBinary(orLoop, a[0], a[1], n, t) },
  { kind: 'scalar', name: 'not', args: [B], returns: B, kernel: (a, n, t) => runUnary(notLoop, a[0], n, t) },
];
