/**
 * The implicit conversions of QuestDB's SQL dialect as costs for overload resolution: 0 = exact, higher =
 * further; undefined = not allowed. Constants may convert further (a string literal becomes a TIMESTAMP,
 * UUID, IPv4 or SYMBOL where one is expected).
 */
import { ColumnType, decimalType, TypeTag, Types, isNumeric } from '../data/column-type';
import { INTEGER_DECIMAL_PRECISION, MAX_DECIMAL_PRECISION } from '../data/decimal';

/** Below a text constant → TIMESTAMP (2), so `l + 'abc'` is LONG arithmetic and `id = '42'` compares numbers. */
const TEXT_TO_NUMBER = 1.5;

const WIDEN: Partial<Record<TypeTag, number>> = {
  [TypeTag.BYTE]: 0, [TypeTag.SHORT]: 1, [TypeTag.INT]: 2, [TypeTag.LONG]: 3, [TypeTag.FLOAT]: 4, [TypeTag.DOUBLE]: 5,
};

export function implicitCastCost(from: ColumnType, to: ColumnType, constant: boolean): number | undefined {
  const f = from.tag, t = to.tag;
  if (f === t && from.bits === to.bits) return 0;
  if (f === TypeTag.NULL) return 1;
  const wf = WIDEN[f], wt = WIDEN[t];
  if (wf !== undefined && wt !== undefined) {
    // QuestDB's overload priorities: LONG goes to DOUBLE first and to FLOAT only as a last resort.
    if (f === TypeTag.LONG && wt > wf) return t === TypeTag.DOUBLE ? 1 : 7;
    return wt > wf ? wt - wf : constant && isNumeric(to) && wt < wf && wf <= 3 ? 8 : undefined;
  }
  const text = (x: TypeTag): boolean => x === TypeTag.STRING || x === TypeTag.VARCHAR;
  if (f === TypeTag.CHAR && (text(t) || t === TypeTag.SYMBOL)) return t === TypeTag.STRING ? 1 : t === TypeTag.SYMBOL && constant ? 0.5 : 2;
  if (f === TypeTag.SYMBOL && text(t)) return t === TypeTag.STRING ? 1 : 2;
  if (text(f) && text(t)) return 1;
  // QuestDB 9.4.4: text where a number is needed converts at run time (`x + '5'`, `id = '42'`); the
  // numeric side picks the overload, since every numeric target costs the same from text.
  if ((text(f) || f === TypeTag.CHAR) && wt !== undefined) return TEXT_TO_NUMBER;
  if (text(f) && constant) {
    if (t === TypeTag.SYMBOL) return 0.5;
    if (t === TypeTag.TIMESTAMP || t === TypeTag.DATE || t === TypeTag.UUID || t === TypeTag.IPV4 || t === TypeTag.GEOHASH) return 2;
    if (t === TypeTag.CHAR) return undefined;
  }
  if (t === TypeTag.DECIMAL) {
    // After every wider integer and float (QuestDB's overload priorities): avg(INT) is avg(DOUBLE).
    if (f === TypeTag.BYTE || f === TypeTag.SHORT || f === TypeTag.INT) return 6;
    if (f === TypeTag.LONG) return 4;
    return text(f) && constant ? 2.5 : undefined;
  }
  if (f === TypeTag.DECIMAL) return t === TypeTag.DOUBLE ? 5 : undefined;
  if (f === TypeTag.DATE && t === TypeTag.TIMESTAMP) return 1;
  if ((f === TypeTag.TIMESTAMP || f === TypeTag.DATE) && t === TypeTag.TIMESTAMP_NS) return 1.5;
  if (f === TypeTag.TIMESTAMP_NS && (t === TypeTag.TIMESTAMP || t === TypeTag.DATE)) return 5;
  if (text(f) && constant && t === TypeTag.TIMESTAMP_NS) return 2;
  if (f === TypeTag.TIMESTAMP && t === TypeTag.DATE) return 4;
  if ((f === TypeTag.INT || f === TypeTag.LONG || f === TypeTag.SHORT || f === TypeTag.BYTE) && (t === TypeTag.TIMESTAMP || t === TypeTag.DATE)) return 6;
  if (f === TypeTag.IPV4 && text(t)) return 3;
  return undefined;
}

/** The type several values meet in (UNION columns, CASE branches, 'same' parameters). */
export function commonType(types: readonly ColumnType[]): ColumnType {
  const known = types.filter((t) => t.tag !== TypeTag.NULL);
  if (known.length === 0) return types[0] ?? Types.NULL;
  let best = known[0];
  for (const t of known.slice(1)) best = meet(best, t);
  return best;
}

function meet(a: ColumnType, b: ColumnType): ColumnType {
  if (a.tag === TypeTag.DECIMAL || b.tag === TypeTag.DECIMAL) return meetDecimal(a, b);
  if (a.tag === b.tag && a.bits === b.bits) return a;
  const wa = WIDEN[a.tag], wb = WIDEN[b.tag];
  if (wa !== undefined && wb !== undefined) return wa >= wb ? a : b;
  const textish = (t: ColumnType): boolean => t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR || t.tag === TypeTag.SYMBOL || t.tag === TypeTag.CHAR;
  if (textish(a) && textish(b)) {
    if (a.tag === TypeTag.VARCHAR || b.tag === TypeTag.VARCHAR) return Types.VARCHAR;
    return Types.STRING;
  }
  if ((a.tag === TypeTag.TIMESTAMP && b.tag === TypeTag.DATE) || (b.tag === TypeTag.TIMESTAMP && a.tag === TypeTag.DATE)) return Types.TIMESTAMP;
  if (a.tag === TypeTag.TIMESTAMP_NS || b.tag === TypeTag.TIMESTAMP_NS) {
    const other = a.tag === TypeTag.TIMESTAMP_NS ? b : a;
    if (other.tag === TypeTag.TIMESTAMP || other.tag === TypeTag.DATE || textish(other)) return Types.TIMESTAMP_NS;
  }
  if (a.tag === TypeTag.TIMESTAMP && textish(b)) return a;
  if (b.tag === TypeTag.TIMESTAMP && textish(a)) return b;
  if (textish(a) || textish(b)) return a.tag === TypeTag.VARCHAR || b.tag === TypeTag.VARCHAR ? Types.VARCHAR : Types.STRING;
  if (wa !== undefined && (b.tag === TypeTag.TIMESTAMP || b.tag === TypeTag.DATE)) return b;
  if (wb !== undefined && (a.tag === TypeTag.TIMESTAMP || a.tag === TypeTag.DATE)) return a;
  return a;
}

/** The decimal type an integer or decimal argument is exactly (DECIMAL(19,0) for LONG, …). */
export function asDecimal(t: ColumnType): ColumnType | undefined {
  if (t.tag === TypeTag.DECIMAL) return t.precision === undefined ? decimalType(18, 3) : t;
  const p = INTEGER_DECIMAL_PRECISION[TypeTag[t.tag]];
  return p === undefined ? undefined : decimalType(p, 0);
}

/** DECIMAL with DECIMAL or an integer: wide enough for both (scale the larger, integer digits the larger). */
function meetDecimal(a: ColumnType, b: ColumnType): ColumnType {
  const x = asDecimal(a), y = asDecimal(b);
  if (!x || !y) return a.tag === TypeTag.DECIMAL ? (b.tag === TypeTag.DOUBLE || b.tag === TypeTag.FLOAT ? Types.DOUBLE : a) : b;
  const scale = Math.max(x.scale ?? 0, y.scale ?? 0);
  const integerDigits = Math.max((x.precision ?? 0) - (x.scale ?? 0), (y.precision ?? 0) - (y.scale ?? 0));
  return decimalType(Math.min(MAX_DECIMAL_PRECISION, integerDigits + scale), scale);
}
