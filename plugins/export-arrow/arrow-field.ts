/**
 * The Arrow type of each svc column type (docs/formats.md lists the table). Types Arrow has no exact
 * counterpart for travel as their /exec text (IPv4, LONG256, GEOHASH, CHAR) and say what they were in the
 * field metadata `svc.type`, so a reader can tell `10.0.0.1` the address from a plain string.
 */
import {
  Binary, Bool, DataType, Decimal, Dictionary, Field, FixedSizeBinary, Float32, Float64, Int16, Int32, Int64, Int8, List, Null,
  Struct, TimeUnit, Timestamp, Utf8,
} from 'apache-arrow';
import { ColumnType, TypeTag, typeName } from '../../core/data/column-type';
import { precisionOf, scaleOf } from '../../core/data/decimal';
import { DECIMAL128_MAX_PRECISION } from './decimal-values';

let nextDictionaryId = 0;

function utcTimestamp(unit: TimeUnit): Timestamp {
  return new Timestamp(unit, 'UTC');
}

function listOf(dims: number): DataType {
  let t: DataType = new Float64();
  for (let d = 0; d < dims; d++) t = new List(new Field('item', t, true));
  return t;
}

export function arrowType(t: ColumnType): DataType {
  switch (t.tag) {
    case TypeTag.BOOLEAN: return new Bool();
    case TypeTag.BYTE: return new Int8();
    case TypeTag.SHORT: return new Int16();
    case TypeTag.INT: return new Int32();
    case TypeTag.LONG: return new Int64();
    case TypeTag.FLOAT: return new Float32();
    case TypeTag.DOUBLE: return new Float64();
    // QuestDB's DATE is an instant with milliseconds, not a calendar day: Arrow date64 would drop the time.
    case TypeTag.DATE: return utcTimestamp(TimeUnit.MILLISECOND);
    case TypeTag.TIMESTAMP: return utcTimestamp(TimeUnit.MICROSECOND);
    case TypeTag.TIMESTAMP_NS: return utcTimestamp(TimeUnit.NANOSECOND);
    case TypeTag.DECIMAL: {
      const precision = precisionOf(t);
      return new Decimal(scaleOf(t), precision, precision <= DECIMAL128_MAX_PRECISION ? 128 : 256);
    }
    // Ids are unique in a stream; the counter only has to differ between the fields of one schema.
    case TypeTag.SYMBOL: return new Dictionary(new Utf8(), new Int32(), nextDictionaryId++ % 1_000_000, false);
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.CHAR: case TypeTag.IPV4: case TypeTag.LONG256: case TypeTag.GEOHASH:
      return new Utf8();
    case TypeTag.BINARY: return new Binary();
    case TypeTag.UUID: return new FixedSizeBinary(16);
    case TypeTag.INTERVAL: return new Struct([
      new Field('lo', utcTimestamp(TimeUnit.MICROSECOND), true), new Field('hi', utcTimestamp(TimeUnit.MICROSECOND), true),
    ]);
    case TypeTag.ARRAY: return listOf(t.dims ?? 1);
    case TypeTag.NULL: return new Null();
  }
}

/** The field of one result column: its Arrow type, nullable, with `svc.type` metadata. */
export function arrowField(name: string, t: ColumnType): Field {
  const metadata = new Map<string, string>([['svc.type', typeName(t)]]);
  // Arrow's canonical UUID extension: 16 bytes, big-endian, as the text form reads.
  if (t.tag === TypeTag.UUID) metadata.set('ARROW:extension:name', 'arrow.uuid');
  return new Field(name, arrowType(t), true, metadata);
}
