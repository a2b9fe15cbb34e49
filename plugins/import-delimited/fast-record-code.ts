/**
 * DelimitedParser's one-pass record (see its `fastRecord`) as straight-line code, compiled once per column
 * count and delimiter: each column's sink is a local of the generated function, so every `appendUntil`
 * call site sees one sink class and V8 inlines it, where a loop over the columns went through a `switch`
 * dispatcher per field that stayed a call (~18 ns a field of the bench's trades rows). Sources hold only
 * numbers (the delimiter byte, column indices, a serial), never data or names.
 *
 * Every parser gets a function of its own: V8 shares type feedback between functions made from the same
 * source text, so a cached one would see the sinks of every schema parsed on the thread and stop inlining.
 */
import { ColumnSink } from './column-sink';

/**
 * Appends one record's fields from `start`, each through its column's sink, and returns the start of the
 * next record; or `-(k + 1)`, where `k` sinks appended a value the caller must truncate, when the record
 * is not plain (an empty or quoted field, a value a sink does not take, the bytes end first, a wrong
 * field count).
 */
export type FastRecord = (sinks: readonly ColumnSink[], b: Uint8Array, start: number, end: number, stops: Uint8Array) => number;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
let serial = 0;

export function fastRecordCode(columns: number, delimiter: number): FastRecord {
  const lines: string[] = [];
  for (let c = 0; c < columns; c++) lines.push(`const s${c} = sinks[${c}];`);
  lines.push('let p = start; let q = 0; let x = 0;');
  for (let c = 0; c < columns; c++) {
    lines.push(`if (p >= end) return ${-(c + 1)};`);
    lines.push(`x = b[p]; if (x === ${QUOTE} || stops[x] === 1) return ${-(c + 1)};`);
    lines.push(`q = s${c}.appendUntil(b, p, end, stops); if (q < 0) return ${-(c + 1)};`);
    lines.push('x = b[q]; p = q + 1;');
    if (c < columns - 1) {
      lines.push(`if (x !== ${delimiter}) return ${-(c + 2)};`);
    } else {
      lines.push(`if (x === ${CR}) { if (p >= end) return ${-(c + 2)}; if (b[p] === ${LF}) p++; } else if (x !== ${LF}) return ${-(c + 2)};`);
    }
  }
  lines.push('return p;');
  lines.push(`// parser ${++serial}`);
  return new Function('sinks', 'b', 'start', 'end', 'stops', lines.join('\n')) as FastRecord;
}
