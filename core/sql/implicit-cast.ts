/**
 * The implicit conversions of QuestDB's SQL dialect as costs for overload resolution: 0 = exact, higher =
 * further; undefined = not allowed. Constants may convert further (a string literal becomes a TIMESTAMP,
 * UUID, IPv4 or SYMBOL where one is expected).
 */
import { ColumnType, TypeTag, Types, isNumeric } from '../data/column-type';

const WIDEN: Partial<Record<TypeTag, number>> = {
  [TypeTag.BYTE]: 0, [TypeTag.SHORT]: 1, [TypeTag.INT]: 2, [TypeTag.LONG]: 3, [TypeTag.FLOAT]: 4, [TypeTag.DOUBLE]: 5,
};

export function implicitCastCost(from: ColumnType, to: ColumnType, constant: boolean): number | undefined {
  const f = from.tag, t = to.tag;
  if (f === t && from.bits === to.bits) return 0;
  if (f === TypeTag.NULL) return 1;
  const wf = WIDEN[f], wt = WIDEN[t];
  if (wf !== undefined && wt !== undefined) return wt > wf ? wt - wf : constant && isNumeric(to) && wt < wf && wf <= 3 ? 8 : undefined;
  const text = (x: TypeTag): boolean => x === TypeTag.STRING || x === TypeTag.VARCHAR;
  if (f === TypeTag.CHAR && (text(t) || t === TypeTag.SYMBOL)) return t === TypeTag.STRING ? 1 : t === TypeTag.SYMBOL && constant ? 0.5 : 2;
  if (f === TypeTag.SYMBOL && text(t)) return t === TypeTag.STRING ? 1 : 2;
  if (text(f) && text(t)) return 1;
  if (text(f) && constant) {
    if (t === TypeTag.SYMBOL) return 0.5;
    if (t === TypeTag.TIMESTAMP || t === TypeTag.DATE || t === TypeTag.UUID || t === TypeTag.IPV4 || t === TypeTag.GEOHASH) return 2;
    if (t === TypeTag.CHAR) return undefined;
  }
  if (f === TypeTag.DATE && t === TypeTag.TIMESTAMP) return 1;
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
  if (a.tag === b.tag && a.bits === b.bits) return a;
  const wa = WIDEN[a.tag], wb = WIDEN[b.tag];
  if (wa !== undefined && wb !== undefined) return wa >= wb ? a : b;
  const textish = (t: ColumnType): boolean => t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR || t.tag === TypeTag.SYMBOL || t.tag === TypeTag.CHAR;
  if (textish(a) && textish(b)) {
    if (a.tag === TypeTag.VARCHAR || b.tag === TypeTag.VARCHAR) return Types.VARCHAR;
    return Types.STRING;
  }
  if ((a.tag === TypeTag.TIMESTAMP && b.tag === TypeTag.DATE) || (b.tag === TypeTag.TIMESTAMP && a.tag === TypeTag.DATE)) return Types.TIMESTAMP;
  if (a.tag === TypeTag.TIMESTAMP && textish(b)) return a;
  if (b.tag === TypeTag.TIMESTAMP && textish(a)) return b;
  if (textish(a) || textish(b)) return a.tag === TypeTag.VARCHAR || b.tag === TypeTag.VARCHAR ? Types.VARCHAR : Types.STRING;
  if (wa !== undefined && (b.tag === TypeTag.TIMESTAMP || b.tag === TypeTag.DATE)) return b;
  if (wb !== undefined && (a.tag === TypeTag.TIMESTAMP || a.tag === TypeTag.DATE)) return a;
  return a;
}
