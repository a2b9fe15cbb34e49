/**
 * One value as a DECIMAL(p,s) of a given type: text (`12.34`), integers (exact), doubles (by their
 * shortest text), another decimal's text. The result is rescaled to the type's scale (half away from
 * zero) and refused when it needs more digits than the precision (undefined).
 */
import { ColumnType } from '../../data/column-type';
import { digitCount, parseDecimalText, precisionOf, rescale, scaleOf } from '../../data/decimal';
import { SqlValue } from './sql-value';

/** The unscaled value of `value` at `type`'s scale; null for SQL NULL; undefined when it does not fit or read. */
export function decimalValue(value: SqlValue, type: ColumnType): bigint | null | undefined {
  if (value === null) return null;
  const scale = scaleOf(type);
  let unscaled: bigint;
  if (typeof value === 'bigint') unscaled = value * 10n ** BigInt(scale);
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const parsed = parseDecimalText(Number.isInteger(value) ? value.toFixed(0) : String(value).includes('e') ? value.toFixed(20).replace(/0+$/, '') : String(value));
    if (!parsed) return undefined;
    unscaled = rescale(parsed[0], parsed[1], scale);
  } else if (typeof value === 'string') {
    const parsed = parseDecimalText(value);
    if (!parsed) return undefined;
    unscaled = rescale(parsed[0], parsed[1], scale);
  } else if (typeof value === 'boolean') unscaled = value ? 10n ** BigInt(scale) : 0n;
  else return undefined;
  return digitCount(unscaled) > precisionOf(type) ? undefined : unscaled;
}
