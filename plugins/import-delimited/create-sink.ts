/** The sink for a column type (column-sink.ts). */
import { ColumnType, TypeTag, Types } from '../../core/data/column-type';
import { INT_NULL } from '../../core/data/null-values';
import { SymbolTable } from '../../core/data/symbol-table';
import { TimestampPattern } from '../../core/time/timestamp-pattern';
import { ColumnSink } from './column-sink';
import { BooleanSink, CharSink, DoubleSink, IntegerSink, Ipv4Sink, LongSink } from './number-sinks';
import { GeohashSink } from './geohash-sink';
import { BytesSink, NanosSink, SymbolSink, TemporalSink, UnsupportedSink, WideSink } from './other-sinks';
import { SymbolCache } from './symbol-cache';
import { TextValueSink } from './text-value-sink';

export interface SinkContext {
  /** TIMESTAMP/DATE: patterns to try (the schema's or the detected one first). */
  readonly patterns: readonly TimestampPattern[];
  /** SYMBOL: the writer's dictionary of this column and its intern function. */
  readonly symbols?: SymbolTable & { intern(value: string): number };
}

export function createSink(type: ColumnType, capacity: number, context: SinkContext): ColumnSink {
  switch (type.tag) {
    case TypeTag.BOOLEAN: return new BooleanSink(type, capacity);
    case TypeTag.BYTE: return new IntegerSink(type, capacity, -128, 127, 0);
    case TypeTag.SHORT: return new IntegerSink(type, capacity, -32768, 32767, 0);
    case TypeTag.CHAR: return new CharSink(type, capacity);
    case TypeTag.INT: return new IntegerSink(type, capacity, INT_NULL + 1, 2147483647, INT_NULL);
    case TypeTag.LONG: return new LongSink(type, capacity);
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return new DoubleSink(type, capacity);
    case TypeTag.DATE: case TypeTag.TIMESTAMP: return new TemporalSink(type, capacity, context.patterns);
    case TypeTag.TIMESTAMP_NS: return new NanosSink(type, capacity, new TemporalSink(Types.TIMESTAMP, 1, context.patterns));
    case TypeTag.SYMBOL: {
      const symbols = context.symbols;
      if (!symbols) throw new Error('a SYMBOL column needs the writer dictionary');
      return new SymbolSink(type, capacity, new SymbolCache((v) => symbols.intern(v)), symbols);
    }
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return new BytesSink(type, capacity);
    case TypeTag.UUID: case TypeTag.LONG256: return new WideSink(type, capacity);
    case TypeTag.IPV4: return new Ipv4Sink(type, capacity);
    case TypeTag.GEOHASH: return new GeohashSink(type, capacity);
    case TypeTag.DECIMAL: case TypeTag.ARRAY: return new TextValueSink(type, capacity);
    default: return new UnsupportedSink(type, capacity);
  }
}
