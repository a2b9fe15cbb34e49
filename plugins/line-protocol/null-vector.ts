/** A vector of `rows` nulls of any column type (the table columns a batch of lines did not name). */
import { ColumnType, isVarSize, TypeTag } from '../../core/data/column-type';
import { decimalBytes } from '../../core/data/decimal';
import { GEOHASH_NULL, INT_NULL, LONG_NULL, SYMBOL_NULL } from '../../core/data/null-values';
import { allocateData, Vector } from '../../core/data/vector';

export function nullVector(type: ColumnType, rows: number): Vector {
  if (isVarSize(type)) {
    const data = type.tag === TypeTag.ARRAY ? new Float64Array(0) : new Uint8Array(0);
    return { type, data, offsets: new Int32Array(rows + 1), nulls: new Uint8Array(rows).fill(1) };
  }
  const data = allocateData(type, rows);
  switch (type.tag) {
    case TypeTag.INT: data.fill(INT_NULL); break;
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: data.fill(LONG_NULL); break;
    case TypeTag.FLOAT: case TypeTag.DOUBLE: data.fill(NaN); break;
    case TypeTag.SYMBOL: data.fill(SYMBOL_NULL); break;
    case TypeTag.GEOHASH: data.fill(GEOHASH_NULL); break;
    case TypeTag.INTERVAL: for (let i = 0; i < data.length; i += 2) data[i] = LONG_NULL; break;
    case TypeTag.DECIMAL: {
      // -2^255, little-endian: only the top byte of each 32-byte value is set.
      const null32 = decimalBytes(null);
      for (let i = 0; i < rows; i++) data.set(null32, i * 32);
      break;
    }
    case TypeTag.UUID: case TypeTag.LONG256:
      // Every 64-bit word LONG_NULL (-2^63): little-endian, only its top byte is set.
      for (let i = 7; i < data.length; i += 8) data[i] = 0x80;
      break;
    default: break;
  }
  return { type, data };
}
