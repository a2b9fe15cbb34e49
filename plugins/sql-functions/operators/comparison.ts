/**
 * `= != < <= > >=` per type, with QuestDB's two-valued rules (`Numbers.lessThan`, `Numbers.equals`):
 * NULL = NULL is true (the `col = NULL` shorthand), so `<=` and `>=` are true for two NULLs, and any other
 * comparison with a NULL is false. DOUBLE and FLOAT compare as doubles: equal within 1e-10
 * (`Numbers.DOUBLE_TOLERANCE`) or when both are NULL, where NaN and ±Infinity are NULL; `<` is false when
 * `=` is true.
 */
import { ColumnType, geohashType, isInt64, Types, TypeTag } from '../../../core/data/column-type';
import { runExactCompare } from '../exact-long-kernels';
import { Vector } from '../../../core/data/vector';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { binaryLoop, nullKindOf, runBinary } from '../kernel-templates';
import { compareVarRows } from '../../../core/sql/operators/var-rows';
import { symbolKeyMap } from './symbol-key-map';
import { DOUBLE_TOLERANCE } from '../../../core/data/null-values';

const OPS = ['=', '!=', '<', '<=', '>', '>='] as const;
type Op = (typeof OPS)[number];

/** QuestDB's double equality over the loop's x and y (a difference of NaN means a non-finite value). */
const DOUBLE_EQ = `((x - x !== 0 && y - y !== 0) || Math.abs(x - y) <= ${DOUBLE_TOLERANCE})`;

function numericBody(op: Op, t: ColumnType): string {
  const k = nullKindOf(t);
  if (k === 'nan') {
    switch (op) {
      case '=': return DOUBLE_EQ;
      case '!=': return `!${DOUBLE_EQ}`;
      case '<': case '>': return `!${DOUBLE_EQ} && x ${op} y`;
      default: return `${DOUBLE_EQ} || x ${op[0]} y`;
    }
  }
  const nul = k === 'int' ? '-2147483648' : k === 'long' ? '-9223372036854775808' : undefined;
  if (op === '=') return 'x === y';
  if (op === '!=') return 'x !== y';
  if (nul === undefined) return `x ${op} y`;
  // The null sentinel is the type's smallest value: only two NULLs are <= or >= each other.
  const both = `x !== ${nul} && y !== ${nul}`;
  return op === '<' || op === '>' ? `${both} && x ${op} y` : `x === y || (${both} && x ${op} y)`;
}

function numeric(op: Op, t: ColumnType): ScalarFunction {
  const loop = binaryLoop(`(${numericBody(op, t)}) ? 1 : 0`, nullKindOf(t), nullKindOf(t), 'none', true);
  // 64-bit values beyond 2^53 (LONG family, long geohashes) compare exactly.
  if (isInt64(t) || t.tag === TypeTag.GEOHASH) {
    return { kind: 'scalar', name: op, args: [t, t], returns: Types.BOOLEAN, kernel: (args, n) => runExactCompare(loop, op, args[0], args[1], n) };
  }
  return { kind: 'scalar', name: op, args: [t, t], returns: Types.BOOLEAN, kernel: (args, n, type) => runBinary(loop, args[0], args[1], n, type) };
}

function test(op: Op, c: number): boolean {
  switch (op) {
    case '=': return c === 0;
    case '!=': return c !== 0;
    case '<': return c < 0;
    case '<=': return c <= 0;
    case '>': return c > 0;
    default: return c >= 0;
  }
}

/** STRING/VARCHAR/BINARY-layout rows compared bytewise (UTF-8 order = code point order). */
function varText(op: Op, t: ColumnType): ScalarFunction {
  return {
    kind: 'scalar', name: op, args: [t, t], returns: Types.BOOLEAN,
    kernel(args, n): Vector {
      const out = new Uint8Array(n);
      const [a, b] = args;
      for (let i = 0; i < n; i++) {
        const an = a.nulls !== undefined && a.nulls[i] === 1;
        const bn = b.nulls !== undefined && b.nulls[i] === 1;
        if (an || bn) { out[i] = (op === '!=' ? an !== bn : op === '<' || op === '>' ? false : an && bn) ? 1 : 0; continue; }
        out[i] = test(op, compareVarRows(a, i, b, i)) ? 1 : 0;
      }
      return { type: Types.BOOLEAN, data: out };
    },
  };
}

/** SYMBOL = SYMBOL: keys of the right side are translated into the left dictionary once per batch. */
function symbolEq(op: '=' | '!='): ScalarFunction {
  return {
    kind: 'scalar', name: op, args: [Types.SYMBOL, Types.SYMBOL], returns: Types.BOOLEAN,
    kernel(args, n): Vector {
      const [a, b] = args;
      const ak = a.data as Int32Array, bk = b.data as Int32Array;
      const map = symbolKeyMap(b, a);
      const out = new Uint8Array(n);
      const eq = op === '=' ? 1 : 0, ne = 1 - eq;
      for (let i = 0; i < n; i++) {
        const y = bk[i];
        const m = y < 0 ? -1 : map[y];
        out[i] = ak[i] === m && (m !== -2) ? eq : ne;
      }
      return { type: Types.BOOLEAN, data: out };
    },
  };
}

function build(): ScalarFunction[] {
  const out: ScalarFunction[] = [];
  // No FLOAT overload: QuestDB compares a FLOAT as a DOUBLE (with an INT too, which a FLOAT cannot hold exactly).
  const numericTypes = [Types.INT, Types.LONG, Types.DOUBLE, Types.TIMESTAMP, Types.DATE, Types.CHAR, Types.BYTE, Types.SHORT, Types.TIMESTAMP_NS];
  for (const op of OPS) {
    for (const t of numericTypes) out.push(numeric(op, t));
    out.push(varText(op, Types.STRING), varText(op, Types.VARCHAR));
  }
  for (const op of ['=', '!='] as const) {
    out.push(numeric(op, Types.BOOLEAN), numeric(op, Types.IPV4), symbolEq(op));
    out.push(fixedBytes(op, Types.UUID), fixedBytes(op, Types.LONG256));
    // GEOHASH of each precision (characters or bits alike): the hash bits compare as numbers.
    for (let bits = 1; bits <= 60; bits++) out.push(numeric(op, geohashType(bits, false)));
  }
  return out;
}

/** UUID/LONG256: equal when all bytes are. */
function fixedBytes(op: '=' | '!=', t: ColumnType): ScalarFunction {
  const w = t.tag === TypeTag.UUID ? 16 : 32;
  return {
    kind: 'scalar', name: op, args: [t, t], returns: Types.BOOLEAN,
    kernel(args, n): Vector {
      const a = args[0].data, b = args[1].data;
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        let eq = true;
        for (let k = 0; k < w; k++) if (a[i * w + k] !== b[i * w + k]) { eq = false; break; }
        out[i] = eq === (op === '=') ? 1 : 0;
      }
      return { type: Types.BOOLEAN, data: out };
    },
  };
}

export const comparisonFunctions: readonly ScalarFunction[] = build();
