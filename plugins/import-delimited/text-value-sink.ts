/**
 * GEOHASH, DECIMAL and ARRAY columns of a CSV (and NDJSON) import: each field read as text the way an
 * implicit string cast reads it (`u33d` into GEOHASH(4c), the leading bits kept for a narrower column;
 * `12.3400` into DECIMAL(18,4) exactly, refused when it needs more digits), through the engine's own value
 * conversion; an ARRAY as the text /exp prints (`[[1.0,2.0],[3.0,4.0]]`, `NaN` or null for a NULL element),
 * refused unless it has the column's dimensions and a rectangular shape.
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { VectorBuilder } from '../../core/data/vector-builder';
import { appendValue } from '../../core/sql/vector/append-value';
import { ColumnSink } from './column-sink';

const decoder = new TextDecoder();

export class TextValueSink extends ColumnSink {
  private builder: VectorBuilder;

  constructor(type: ColumnType, capacity: number) {
    super(type, capacity);
    this.builder = new VectorBuilder(type, capacity);
  }

  append(b: Uint8Array, s: number, e: number): boolean {
    const text = decoder.decode(b.subarray(s, e));
    if (this.type.tag === TypeTag.ARRAY) {
      const parsed = arrayFromText(text, this.type.dims ?? 1);
      if (!parsed) return false;
      this.builder.appendArray(parsed.elements, parsed.shape);
    } else {
      try {
        appendValue(this.builder, text);
      } catch {
        return false;
      }
    }
    this.rows++;
    return true;
  }

  appendNull(): void {
    this.builder.appendNull();
    this.rows++;
  }

  override truncate(rows: number): void {
    if (rows === this.rows) return;
    // Rebuilt from the rows kept: a rejected row is rare, so this stays off the hot path.
    const kept = this.builder.build();
    this.builder = new VectorBuilder(this.type, this.capacity);
    for (let i = 0; i < rows; i++) this.builder.appendFrom(kept, i);
    this.rows = rows;
  }

  build(): Vector {
    const v = this.builder.build();
    this.builder = new VectorBuilder(this.type, this.capacity);
    this.rows = 0;
    return v;
  }
}

/** `[[1.0,2.0],[3.0,4.0]]` → row-major elements and the shape, when it has `dims` dimensions and is rectangular. */
export function arrayFromText(text: string, dims: number): { elements: number[]; shape: number[] } | undefined {
  let nested: unknown;
  try {
    nested = JSON.parse(text.replace(/\bNaN\b/g, 'null'));
  } catch {
    return undefined;
  }
  const shape: number[] = [];
  for (let level: unknown = nested, d = 0; d < dims; d++) {
    if (!Array.isArray(level)) return undefined;
    shape.push(level.length);
    level = level[0];
  }
  const elements: number[] = [];
  const walk = (v: unknown, d: number): boolean => {
    if (d === dims) {
      if (v === null) { elements.push(NaN); return true; }
      if (typeof v !== 'number') return false;
      elements.push(v);
      return true;
    }
    return Array.isArray(v) && v.length === shape[d] && v.every((x) => walk(x, d + 1));
  };
  return walk(nested, 0) ? { elements, shape } : undefined;
}
