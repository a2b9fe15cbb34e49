/**
 * to_timestamp(str, fmt), to_date(str, fmt) and to_str(ts|date, fmt) with QuestDB's pattern letters,
 * through core/time/timestamp-pattern.ts (shared with /imp). A string that does not
 * match the whole pattern gives null. The pattern is a constant, compiled once per query.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { LONG_NULL } from '../../../core/data/null-values';
import { Vector } from '../../../core/data/vector';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { readValue } from '../../../core/sql/vector/sql-value';
import { timestampPattern } from '../../../core/time/timestamp-pattern';
import { constantText } from './date-functions';

const STRINGS: readonly ColumnType[] = [Types.STRING, Types.VARCHAR, Types.SYMBOL];

function parser(name: string, returns: ColumnType, scale: number): ScalarFunction[] {
  return STRINGS.map((t): ScalarFunction => ({
    kind: 'scalar', name, args: [t, Types.STRING], returns, constantArgs: [1],
    kernel(a: readonly Vector[], n: number): Vector {
      const pattern = timestampPattern(constantText(a[1]) ?? '');
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const s = readValue(a[0], i);
        const us = s === null ? NaN : pattern.parseString(String(s));
        out[i] = Number.isNaN(us) ? LONG_NULL : Math.floor(us / scale);
      }
      return { type: returns, data: out };
    },
  }));
}

function formatter(from: ColumnType, scale: number): ScalarFunction {
  return {
    kind: 'scalar', name: 'to_str', args: [from, Types.STRING], returns: Types.STRING, constantArgs: [1],
    kernel(a: readonly Vector[], n: number): Vector {
      const pattern = timestampPattern(constantText(a[1]) ?? '');
      const b = new VectorBuilder(Types.STRING, Math.max(1, n));
      const d = a[0].data;
      for (let i = 0; i < n; i++) b.appendString(d[i] === LONG_NULL ? null : pattern.format(d[i] * scale));
      return b.build();
    },
  };
}

export const patternFunctions: readonly ScalarFunction[] = [
  ...parser('to_timestamp', Types.TIMESTAMP, 1), ...parser('to_date', Types.DATE, 1000),
  formatter(Types.TIMESTAMP, 1), formatter(Types.DATE, 1000),
];
