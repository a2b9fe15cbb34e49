/**
 * Aggregates whose per-group slot is a JS value: first/last (any type), min/max of text, string_agg;
 * count_distinct (count-distinct.ts) keeps typed-array hash tables. They are off the numeric hot path; first/last of numbers still loop
 * without boxing rows they do not keep.
 */
import { ColumnType, Types, TypeTag } from '../../../core/data/column-type';
import { MemorySymbolTable } from '../../../core/data/symbol-table';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { AggregateFunction, AggregateState } from '../../../core/extension/sql-function';
import { DistinctCountState } from './count-distinct';
import { appendValue } from '../../../core/sql/vector/append-value';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';

abstract class ValueState implements AggregateState {
  values: SqlValue[] = [];
  seen: boolean[] = [];
  constructor(protected readonly type: ColumnType) {}
  init(groups: number): void { while (this.values.length < groups) { this.values.push(null); this.seen.push(false); } }
  abstract fold(g: number, x: SqlValue): void;
  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const v = args[0];
    for (let i = 0; i < n; i++) this.fold(groups ? groups[i] : 0, readValue(v, i));
  }
  merge(o: AggregateState, from: number, to: number): void {
    const other = o as ValueState;
    if (other.seen[from]) this.fold(to, other.values[from]);
  }
  value(groups: number): Vector {
    const b = new VectorBuilder(this.type, Math.max(1, groups), this.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
    for (let g = 0; g < groups; g++) appendValue(b, this.values[g] ?? null);
    return b.build();
  }
}

class FirstState extends ValueState {
  constructor(type: ColumnType, private readonly last: boolean, private readonly skipNulls: boolean) { super(type); }
  fold(g: number, x: SqlValue): void {
    if (this.skipNulls && x === null) return;
    if (!this.seen[g] || this.last) { this.values[g] = x; this.seen[g] = true; }
  }
  override add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const v = args[0];
    if (!groups && !this.skipNulls) {
      if (n === 0) return;
      this.fold(0, readValue(v, this.last ? n - 1 : 0));
      return;
    }
    super.add(args, groups, n);
  }
}

class TextExtremumState extends ValueState {
  constructor(type: ColumnType, private readonly max: boolean) { super(type); }
  fold(g: number, x: SqlValue): void {
    if (x === null) return;
    const cur = this.values[g];
    if (!this.seen[g] || cur === null || (this.max ? x > cur : x < cur)) { this.values[g] = x; this.seen[g] = true; }
  }
}

class StringAggState extends ValueState {
  parts: string[][] = [];
  constructor(private readonly delimiter: string) { super(Types.VARCHAR); }
  override init(groups: number): void { super.init(groups); while (this.parts.length < groups) this.parts.push([]); }
  fold(g: number, x: SqlValue): void { if (x !== null) { this.parts[g].push(String(x)); this.seen[g] = true; } }
  override merge(o: AggregateState, from: number, to: number): void { this.parts[to].push(...(o as StringAggState).parts[from]); }
  override value(groups: number): Vector {
    for (let g = 0; g < groups; g++) this.values[g] = this.parts[g].length ? this.parts[g].join(this.delimiter) : null;
    return super.value(groups);
  }
}

const same = (a: readonly ColumnType[]): ColumnType => a[0];

function firstLast(name: string, last: boolean, skipNulls: boolean): AggregateFunction {
  return { kind: 'aggregate', name, args: ['any'], returns: same, create: (_a, t) => new FirstState(t, last, skipNulls) };
}

export const valueAggregates: readonly AggregateFunction[] = [
  firstLast('first', false, false), firstLast('last', true, false),
  firstLast('first_not_null', false, true), firstLast('last_not_null', true, true),
  ...[Types.STRING, Types.VARCHAR, Types.SYMBOL, Types.CHAR].flatMap((t) => [
    { kind: 'aggregate' as const, name: 'min', args: [t], returns: t, create: () => new TextExtremumState(t, false) },
    { kind: 'aggregate' as const, name: 'max', args: [t], returns: t, create: () => new TextExtremumState(t, true) },
  ]),
  { kind: 'aggregate', name: 'count_distinct', args: ['any'], returns: Types.LONG, countsDistinct: true, create: (a, _t, _c, memory) => new DistinctCountState(a[0], memory) },
  { kind: 'aggregate', name: 'approx_count_distinct', args: ['any'], returns: Types.LONG, countsDistinct: true, create: (a, _t, _c, memory) => new DistinctCountState(a[0], memory) },
  {
    kind: 'aggregate', name: 'string_agg', args: [Types.VARCHAR, Types.STRING], returns: Types.VARCHAR, constantArgs: [1],
    create: (_a, _t, constants) => new StringAggState(String(constants[1] ?? ',')),
  },
];
