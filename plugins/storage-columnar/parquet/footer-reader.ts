/**
 * A Parquet file's footer (parquet.thrift FileMetaData) as the reader needs it: the top-level columns (a
 * primitive leaf, or a 3-level LIST of one primitive leaf), each row group's rows and, per column, the byte
 * range of its chunk, its codec and its statistics. Read through a ByteSource: the last 8 bytes give the
 * footer's length, then one read of the footer. Anything malformed throws a plain Error (the caller names the
 * file); a footer read here is never trusted further than the checks below (ranges inside the file).
 */
import { ByteSource } from '../../../core/extension/partition-bytes';
import { list, num, optBytes, optNum, optString, optStruct, ThriftReader, ThriftStruct } from './thrift-reader';

export const enum Physical { BOOLEAN = 0, INT32 = 1, INT64 = 2, INT96 = 3, FLOAT = 4, DOUBLE = 5, BYTE_ARRAY = 6, FIXED_LEN_BYTE_ARRAY = 7 }

/** The parts of a LogicalType (or its ConvertedType) that decide an svc type. */
export interface LogicalKind {
  readonly kind: 'string' | 'enum' | 'json' | 'decimal' | 'date' | 'time' | 'timestamp' | 'integer' | 'uuid' | 'list' | 'map' | 'other';
  /** timestamp/time: 1 ms, 2 µs, 3 ns. */
  readonly unit?: 1 | 2 | 3;
  readonly bitWidth?: number;
  readonly signed?: boolean;
  readonly precision?: number;
  readonly scale?: number;
}

/** One top-level column of the file. */
export interface FileColumn {
  readonly name: string;
  /** Index of its (single) leaf in each row group's chunk list. */
  readonly leaf: number;
  readonly physical: Physical;
  readonly typeLength: number;
  readonly logical: LogicalKind | undefined;
  /** REQUIRED at the top level (no definition level for the row itself). */
  readonly required: boolean;
  /** A LIST of `physical` elements (levels: 0 null row, 1 empty, 2 null element, 3 value). */
  readonly isList: boolean;
  readonly maxDef: number;
  readonly maxRep: number;
  /** Nested or otherwise unreadable here (maps, structs, lists of groups): skipped by read_parquet. */
  readonly unsupported?: string;
}

export interface ChunkStats {
  readonly min?: Uint8Array;
  readonly max?: Uint8Array;
  readonly nulls?: number;
}

export interface ChunkMeta {
  readonly codec: number;
  readonly numValues: number;
  /** File offset of the chunk's first page (dictionary page when there is one). */
  readonly offset: number;
  readonly length: number;
  readonly stats: ChunkStats | undefined;
}

export interface RowGroupMeta {
  readonly rows: number;
  /** One per leaf, in schema order. */
  readonly chunks: readonly ChunkMeta[];
}

export interface ParquetFooter {
  readonly fileSize: number;
  readonly rows: number;
  readonly columns: readonly FileColumn[];
  readonly rowGroups: readonly RowGroupMeta[];
  readonly keyValues: ReadonlyMap<string, string>;
  /** Bytes of the footer itself (for budgets). */
  readonly footerBytes: number;
}

const MAGIC = 0x31524150; // "PAR1" little-endian

/** Reads and parses the footer of the file `source` holds. */
export async function readFooter(source: ByteSource, signal?: AbortSignal): Promise<ParquetFooter> {
  const size = await source.size();
  if (size < 12) throw new Error(`not a Parquet file (${size} bytes)`);
  const tail = await source.read(size - 8, 8, signal);
  const dv = new DataView(tail.buffer, tail.byteOffset, 8);
  if (dv.getUint32(4, true) !== MAGIC) throw new Error('not a Parquet file (no PAR1 at the end)');
  const length = dv.getUint32(0, true);
  if (length <= 0 || length > size - 12) throw new Error(`invalid footer length ${length}`);
  const bytes = await source.read(size - 8 - length, length, signal);
  return parseFooter(bytes, size);
}

export function parseFooter(bytes: Uint8Array, fileSize: number): ParquetFooter {
  const meta = new ThriftReader(bytes).struct();
  const schema = list(meta, 2).filter((e): e is ThriftStruct => e instanceof Map);
  if (schema.length === 0) throw new Error('the footer has no schema');
  const { columns, leaves } = flattenSchema(schema);
  const rowGroups = list(meta, 4).map((g) => rowGroupOf(g, leaves, fileSize));
  const keyValues = new Map<string, string>();
  for (const kv of list(meta, 5)) {
    if (!(kv instanceof Map)) continue;
    const k = optString(kv, 1);
    if (k !== undefined) keyValues.set(k, optString(kv, 2) ?? '');
  }
  const rows = rowGroups.reduce((n, g) => n + g.rows, 0);
  return { fileSize, rows, columns, rowGroups, keyValues, footerBytes: bytes.length };
}

function rowGroupOf(g: unknown, leaves: number, fileSize: number): RowGroupMeta {
  if (!(g instanceof Map)) throw new Error('invalid row group');
  const chunks = list(g, 1).map((c): ChunkMeta => {
    if (!(c instanceof Map)) throw new Error('invalid column chunk');
    const m = optStruct(c, 3);
    if (!m) throw new Error('a column chunk has no metadata');
    const data = num(m, 9);
    const dict = optNum(m, 11);
    const offset = dict !== undefined && dict > 0 && dict < data ? dict : data;
    const length = num(m, 7);
    if (offset < 4 || length < 0 || offset + length > fileSize) throw new Error(`a column chunk lies outside the file [offset=${offset}, length=${length}]`);
    const s = optStruct(m, 12);
    const stats = s ? { min: optBytes(s, 6) ?? optBytes(s, 2), max: optBytes(s, 5) ?? optBytes(s, 1), nulls: optNum(s, 3) } : undefined;
    return { codec: num(m, 4), numValues: num(m, 5), offset, length, stats };
  });
  if (chunks.length !== leaves) throw new Error(`a row group has ${chunks.length} column chunks for ${leaves} leaf columns`);
  const rows = num(g, 3);
  if (rows < 0) throw new Error('a row group has a negative row count');
  return { rows, chunks };
}

interface Node { readonly e: ThriftStruct; readonly children: Node[] }

/** Builds the schema tree (depth-first list with num_children) and returns its top-level columns. */
function flattenSchema(elements: ThriftStruct[]): { columns: FileColumn[]; leaves: number } {
  let at = 0;
  const node = (depth: number): Node => {
    if (depth > 32 || at >= elements.length) throw new Error('invalid schema');
    const e = elements[at++];
    const n = optNum(e, 5) ?? 0;
    const children: Node[] = [];
    for (let i = 0; i < n; i++) children.push(node(depth + 1));
    return { e, children };
  };
  const root = node(0);
  const columns: FileColumn[] = [];
  let leaf = 0;
  for (const child of root.children) {
    const count = leafCount(child);
    columns.push(columnOf(child, leaf));
    leaf += count;
  }
  return { columns, leaves: leaf };
}

function leafCount(n: Node): number {
  return n.children.length === 0 ? 1 : n.children.reduce((s, c) => s + leafCount(c), 0);
}

const REQUIRED = 0, OPTIONAL = 1, REPEATED = 2;

function columnOf(n: Node, leaf: number): FileColumn {
  const name = optString(n.e, 4) ?? '';
  const repetition = optNum(n.e, 3) ?? REQUIRED;
  const logical = logicalOf(n.e);
  if (n.children.length === 0) {
    const physical = num(n.e, 1) as Physical;
    return {
      name, leaf, physical, typeLength: optNum(n.e, 2) ?? 0, logical, required: repetition === REQUIRED, isList: false,
      maxDef: repetition === REQUIRED ? 0 : 1, maxRep: repetition === REPEATED ? 1 : 0,
      unsupported: repetition === REPEATED ? 'a repeated primitive column' : undefined,
    };
  }
  // LIST: <name> (LIST) → repeated group → one primitive element (LogicalTypes.md "Lists").
  const inner = n.children.length === 1 ? n.children[0] : undefined;
  const element = inner && inner.children.length === 1 && inner.children[0].children.length === 0 ? inner.children[0] : undefined;
  if (logical?.kind === 'list' && inner && (optNum(inner.e, 3) ?? REQUIRED) === REPEATED && element) {
    const elementRep = optNum(element.e, 3) ?? REQUIRED;
    const maxDef = (repetition === OPTIONAL ? 1 : 0) + 1 + (elementRep === OPTIONAL ? 1 : 0);
    return {
      name, leaf, physical: num(element.e, 1) as Physical, typeLength: optNum(element.e, 2) ?? 0, logical: logicalOf(element.e),
      required: repetition === REQUIRED, isList: true, maxDef, maxRep: 1,
    };
  }
  return {
    name, leaf, physical: Physical.BYTE_ARRAY, typeLength: 0, logical, required: false, isList: false, maxDef: 0, maxRep: 0,
    unsupported: logical?.kind === 'map' ? 'a map' : 'a nested group',
  };
}

const TIME_UNITS: Record<number, 1 | 2 | 3> = { 1: 1, 2: 2, 3: 3 };

function logicalOf(e: ThriftStruct): LogicalKind | undefined {
  const l = optStruct(e, 10);
  if (l) {
    const [id, value] = [...l.entries()][0] ?? [];
    const v = value instanceof Map ? value : new Map();
    switch (id) {
      case 1: return { kind: 'string' };
      case 2: return { kind: 'map' };
      case 3: return { kind: 'list' };
      case 4: return { kind: 'enum' };
      case 5: return { kind: 'decimal', scale: optNum(v, 1) ?? 0, precision: optNum(v, 2) ?? 0 };
      case 6: return { kind: 'date' };
      case 7: case 8: {
        const unit = optStruct(v, 2);
        const u = unit ? TIME_UNITS[[...unit.keys()][0] ?? 2] ?? 2 : 2;
        return { kind: id === 7 ? 'time' : 'timestamp', unit: u };
      }
      case 10: return { kind: 'integer', bitWidth: optNum(v, 1) ?? 32, signed: v.get(2) !== false };
      case 12: return { kind: 'json' };
      case 14: return { kind: 'uuid' };
      default: return { kind: 'other' };
    }
  }
  const c = optNum(e, 6);
  switch (c) {
    case undefined: return undefined;
    case 0: return { kind: 'string' };
    case 1: case 2: return { kind: 'map' };
    case 3: return { kind: 'list' };
    case 4: return { kind: 'enum' };
    case 5: return { kind: 'decimal', scale: optNum(e, 7) ?? 0, precision: optNum(e, 8) ?? 0 };
    case 6: return { kind: 'date' };
    case 7: return { kind: 'time', unit: 1 };
    case 8: return { kind: 'time', unit: 2 };
    case 9: return { kind: 'timestamp', unit: 1 };
    case 10: return { kind: 'timestamp', unit: 2 };
    case 11: case 12: case 13: case 14: return { kind: 'integer', bitWidth: 8 << (c - 11), signed: false };
    case 15: case 16: case 17: case 18: return { kind: 'integer', bitWidth: 8 << (c - 15), signed: true };
    case 19: return { kind: 'json' };
    default: return { kind: 'other' };
  }
}
