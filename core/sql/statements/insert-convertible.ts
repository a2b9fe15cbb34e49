/**
 * Which value types INSERT accepts for a column type at compile time (QuestDB 9.4.4's widening,
 * narrowing and parsing casts); any other pair is `inconvertible types: STRING -> BOOLEAN [from='abc', to=b]`.
 */
import { ColumnType, TypeTag } from '../../data/column-type';

function isText(t: TypeTag): boolean {
  return t === TypeTag.STRING || t === TypeTag.VARCHAR || t === TypeTag.SYMBOL;
}

/**
 * Whether INSERT may put a value of type `from` into a column of type `to` (QuestDB's widening,
 * narrowing and parsing casts). Anything else is `inconvertible types` at compile time.
 */
export function insertConvertible(from: ColumnType, to: ColumnType): boolean {
  const f = from.tag, t = to.tag;
  if (f === t) return f !== TypeTag.GEOHASH || (from.bits ?? 0) >= (to.bits ?? 0);
  if (f === TypeTag.NULL) return true;
  if (t === TypeTag.STRING || t === TypeTag.VARCHAR || t === TypeTag.SYMBOL) return f !== TypeTag.BINARY && f !== TypeTag.ARRAY;
  if (isText(f)) return t !== TypeTag.BOOLEAN && t !== TypeTag.BINARY && t !== TypeTag.INTERVAL;
  // DECIMAL takes integers and decimals; from FLOAT/DOUBLE it needs an explicit cast (QuestDB 9.4.4).
  if (t === TypeTag.DECIMAL) return f === TypeTag.DECIMAL || f === TypeTag.BYTE || f === TypeTag.SHORT || f === TypeTag.INT || f === TypeTag.LONG;
  if (f === TypeTag.DECIMAL) return t === TypeTag.DOUBLE || t === TypeTag.FLOAT || t === TypeTag.LONG || t === TypeTag.INT;
  const numeric = (x: TypeTag): boolean => x === TypeTag.BYTE || x === TypeTag.SHORT || x === TypeTag.CHAR || x === TypeTag.INT
    || x === TypeTag.LONG || x === TypeTag.DATE || x === TypeTag.TIMESTAMP || x === TypeTag.TIMESTAMP_NS || x === TypeTag.FLOAT || x === TypeTag.DOUBLE;
  if (numeric(f) && numeric(t)) {
    // DOUBLE has no conversion to the temporal types; every other numeric pair widens or narrows.
    return !(f === TypeTag.DOUBLE && (t === TypeTag.DATE || t === TypeTag.TIMESTAMP || t === TypeTag.TIMESTAMP_NS));
  }
  if (f === TypeTag.CHAR && t === TypeTag.GEOHASH) return (to.bits ?? 0) < 6;
  if (f === TypeTag.GEOHASH && t === TypeTag.GEOHASH) return (from.bits ?? 0) >= (to.bits ?? 0);
  return false;
}
