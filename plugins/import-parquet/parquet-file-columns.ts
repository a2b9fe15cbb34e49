/**
 * The columns `read_parquet('file')` answers, known when the query is compiled: the file's footer is read
 * synchronously (its last bytes only) and each top-level column gets the svc type /imp gives it
 * (parquet-columns.ts, here from the Parquet schema instead of the decoded Arrow schema): booleans, integers
 * by width (unsigned one size up), FLOAT, DOUBLE, DECIMAL, DATE, timestamps of any unit as TIMESTAMP, text as
 * VARCHAR, binary as BINARY, 16-byte fixed binary as UUID; a file svc wrote names its columns' types in the
 * footer, so CHAR, IPv4, GEOHASH … come back, SYMBOL as VARCHAR (as QuestDB's read_parquet gives symbols).
 * Columns of other types (nested groups, maps, lists, times) are left out, as QuestDB leaves them out.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ColumnType, decimalType, TypeTag, Types } from '../../core/data/column-type';
import { MAX_DECIMAL_PRECISION } from '../../core/data/decimal';
import { FileColumn, parseFooter, Physical } from '../storage-columnar/parquet/footer-reader';
import { recordedTypes, restorable } from './parquet-columns';

export interface FileResultColumn {
  readonly name: string;
  readonly type: ColumnType;
  /** Index among the file's top-level columns (the decoded Arrow fields). */
  readonly fieldIndex: number;
}

/** Reads the footer of a local file (throws a plain Error for anything that is no Parquet file). */
export function readFileColumns(path: string): FileResultColumn[] {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size < 12) throw new Error(`not a Parquet file (${size} bytes)`);
    const tail = Buffer.alloc(8);
    readSync(fd, tail, 0, 8, size - 8);
    if (tail.toString('latin1', 4) !== 'PAR1') throw new Error('not a Parquet file (no PAR1 at the end)');
    const length = tail.readUInt32LE(0);
    if (length <= 0 || length > size - 12) throw new Error(`invalid footer length ${length}`);
    const footer = Buffer.alloc(length);
    readSync(fd, footer, 0, length, size - 8 - length);
    const parsed = parseFooter(footer, size);
    const recorded = recordedTypes(parsed.keyValues, parsed.columns.length);
    const out: FileResultColumn[] = [];
    parsed.columns.forEach((c, i) => {
      const natural = naturalType(c);
      if (!natural) return;
      const r = recorded[i];
      let type = r && restorable(r, natural) ? r : natural;
      if (type.tag === TypeTag.SYMBOL) type = Types.VARCHAR;
      out.push({ name: c.name, type, fieldIndex: i });
    });
    return out;
  } finally {
    closeSync(fd);
  }
}

function naturalType(c: FileColumn): ColumnType | undefined {
  if (c.unsupported || c.isList) return undefined;
  const l = c.logical;
  const decimal = (): ColumnType | undefined => (l && (l.precision ?? 0) <= MAX_DECIMAL_PRECISION ? decimalType(l.precision ?? 0, l.scale ?? 0) : undefined);
  switch (c.physical) {
    case Physical.BOOLEAN: return Types.BOOLEAN;
    case Physical.INT32: case Physical.INT64: {
      if (l?.kind === 'decimal') return decimal();
      if (l?.kind === 'date') return Types.DATE;
      if (l?.kind === 'timestamp') return Types.TIMESTAMP;
      if (l?.kind === 'time' || (l && l.kind !== 'integer')) return undefined;
      const bits = l?.bitWidth ?? (c.physical === Physical.INT32 ? 32 : 64);
      const width = l?.signed === false ? Math.min(bits * 2, 64) : bits;
      return width <= 8 ? Types.BYTE : width <= 16 ? Types.SHORT : width <= 32 ? Types.INT : Types.LONG;
    }
    case Physical.INT96: return Types.TIMESTAMP;
    case Physical.FLOAT: return Types.FLOAT;
    case Physical.DOUBLE: return Types.DOUBLE;
    case Physical.BYTE_ARRAY:
      if (l?.kind === 'decimal') return decimal();
      return l?.kind === 'string' || l?.kind === 'enum' || l?.kind === 'json' ? Types.VARCHAR : Types.BINARY;
    case Physical.FIXED_LEN_BYTE_ARRAY:
      if (l?.kind === 'decimal') return decimal();
      return l?.kind === 'uuid' || c.typeLength === 16 ? Types.UUID : Types.BINARY;
    default: return undefined;
  }
}
