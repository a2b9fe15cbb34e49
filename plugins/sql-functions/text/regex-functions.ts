/**
 * regexp_replace(s, regex, replacement): every match of a Java regex replaced, with
 * Java's replacement syntax (`$0` the match, `$1` a group, `\$` a dollar sign). The pattern comes from the
 * PatternCache and runs on RE2, so the time per row is linear in the row's length.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { FunctionContext, ScalarFunction } from '../../../core/extension/sql-function';
import { SvcError } from '../../../core/errors';
import { appendValue } from '../../../core/sql/vector/append-value';
import { readValue } from '../../../core/sql/vector/sql-value';
import { RE2JSException } from 're2js';
import { argumentPosition, patternCache } from './pattern-cache';

function regexpReplace(t: ColumnType): ScalarFunction {
  return {
    kind: 'scalar', name: 'regexp_replace', args: [t, Types.STRING, Types.STRING], returns: t,
    kernel(args: readonly Vector[], n: number, type: ColumnType, _context: FunctionContext, site?: object): Vector {
      const [x, p, r] = args;
      const b = new VectorBuilder(type, Math.max(1, n));
      const position = argumentPosition(site, 1);
      for (let i = 0; i < n; i++) {
        const s = readValue(x, i), pattern = readValue(p, i), replacement = readValue(r, i);
        if (s === null || pattern === null || replacement === null) { b.appendNull(); continue; }
        const re = patternCache.regex(String(pattern), position);
        try {
          appendValue(b, re.matcher(String(s)).replaceAll(String(replacement), true));
        } catch (e) {
          if (e instanceof RE2JSException) throw SvcError.sql(argumentPosition(site, 2), `invalid replacement: ${e.message}`);
          throw e;
        }
      }
      return b.build();
    },
  };
}

export const regexFunctions: readonly ScalarFunction[] = [regexpReplace(Types.STRING), regexpReplace(Types.VARCHAR)];
