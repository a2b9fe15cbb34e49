/**
 * The parameters of one statement while it is bound: `$n` is slot n-1, `:name` takes the next slot at
 * its first appearance. A slot's type is the one the client declared, else the first one the context
 * gives it (`x = $1` → x's type, `$1::int`, an INSERT column, a function parameter); a parameter that is
 * used before its type is known marks the statement for a second binding with every type settled
 * (sql-compiler.ts). A parameter no context types is STRING, as PostgreSQL types it `text`.
 */
import { ColumnType, Types, TypeTag } from '../../data/column-type';
import { SvcError } from '../../errors';
import type { Parameter } from '../ast';
import { SqlValue } from '../vector/sql-value';
import type { Scope } from '../scope';
import { BoundParameter, OuterReference } from './bound-parameter';
import { ParameterValues } from './parameter-values';

/** PostgreSQL's Bind message counts parameters in 16 bits. */
export const MAX_PARAMETERS = 65_535;
/** Slots of outer references (correlated sub-queries) start here, apart from the client's parameters. */
export const OUTER_SLOT_BASE = MAX_PARAMETERS + 1;

interface SubqueryFrame {
  readonly outer: Scope;
  readonly refs: OuterReference[];
}

export interface ParameterInfo {
  /** `$1` or `:name`, as written. */
  readonly name: string;
  readonly type: ColumnType;
  /** Where the parameter first appears in the query text (0-based); undefined for a gap in `$n` numbering. */
  readonly position?: number;
}

export class ParameterSlots {
  private readonly types: (ColumnType | undefined)[];
  private readonly names: (string | undefined)[] = [];
  private readonly positions: (number | undefined)[] = [];
  /** Slots of `:name`s by lower-case name (names are case-insensitive). */
  private readonly namedSlots = new Map<string, number>();
  private style: 'numbered' | 'named' | undefined;
  /** A reference was bound before its slot had a type: bind again once every type is known. */
  untypedSeen = false;
  /** Planning read a parameter's value (`LIMIT $1`): each execution plans with its own values. */
  valuesUsed = false;
  private readonly frames: SubqueryFrame[] = [];
  private outerSlots = 0;

  /** `declared[i]` is slot i's type from the client (undefined: infer it); `values` are set when planning per execution. */
  constructor(declared: readonly (ColumnType | undefined)[] = [], private readonly values?: ParameterValues) {
    this.types = [...declared];
  }

  /** The bound node of a reference; untyped (NULL) until the context gives its slot a type. */
  reference(p: Parameter): BoundParameter {
    const slot = this.slotOf(p);
    const type = this.types[slot];
    if (type === undefined) this.untypedSeen = true;
    return { kind: 'parameter', slot, type: type ?? Types.NULL, position: p.position };
  }

  /** True for a parameter whose slot has no type yet. */
  isUntyped(e: { readonly kind: string; readonly type: ColumnType }): e is BoundParameter {
    return e.kind === 'parameter' && e.type.tag === TypeTag.NULL;
  }

  /** Gives an untyped parameter the type its context expects (the first context wins for the slot). */
  typed(e: BoundParameter, type: ColumnType): BoundParameter {
    if (type.tag === TypeTag.NULL) return e;
    const settled = this.types[e.slot] ?? (this.types[e.slot] = type);
    return { ...e, type: settled };
  }

  /** A value planning needs (`LIMIT $1`): undefined while compiling without values. */
  planValue(e: BoundParameter): SqlValue | undefined {
    this.valuesUsed = true;
    return this.values ? this.values.value(e.slot) : undefined;
  }

  /** A sub-query is being bound inside a query whose names are `outer`. */
  enterSubquery(outer: Scope): void {
    this.frames.push({ outer, refs: [] });
  }

  /** The sub-query is bound: the columns of the enclosing query it used (none: it is not correlated). */
  leaveSubquery(): readonly OuterReference[] {
    return this.frames.pop()?.refs ?? [];
  }

  /**
   * A name the sub-query's own FROM does not have, found in the enclosing query: it becomes a parameter
   * of the sub-query, given the outer row's value at each execution. Undefined when the name is not there.
   */
  outerReference(name: string, qualifier: string | undefined, position: number): BoundParameter | undefined {
    const frame = this.frames[this.frames.length - 1];
    if (!frame) return undefined;
    let column;
    try {
      column = frame.outer.resolve(name, qualifier, position);
    } catch {
      return undefined;
    }
    const index = column.index;
    let ref = frame.refs.find((r) => r.outer.index === index);
    if (!ref) {
      ref = { slot: OUTER_SLOT_BASE + this.outerSlots++, outer: { kind: 'column', index, type: column.type, name: column.name, position } };
      frame.refs.push(ref);
    }
    return { kind: 'parameter', slot: ref.slot, type: column.type, position };
  }

  /** Every slot with its final type (untyped ones become STRING). */
  list(): ParameterInfo[] {
    const count = Math.max(this.types.length, this.names.length);
    const out: ParameterInfo[] = [];
    for (let i = 0; i < count; i++) out.push({ name: this.names[i] ?? `$${i + 1}`, type: this.types[i] ?? Types.STRING, position: this.positions[i] });
    return out;
  }

  private slotOf(p: Parameter): number {
    const style = p.name === undefined ? 'numbered' : 'named';
    if (this.style !== undefined && this.style !== style) throw SvcError.sql(p.position, 'cannot mix $n and :name bind variables');
    this.style = style;
    if (p.name === undefined) {
      const n = p.index ?? 0;
      if (n < 1 || n > MAX_PARAMETERS) throw SvcError.sql(p.position, `invalid bind variable index [index=${n}]`);
      this.names[n - 1] ??= `$${n}`;
      this.seenAt(n - 1, p.position);
      return n - 1;
    }
    const label = `:${p.name}`;
    const k = this.namedSlots.get(label.toLowerCase());
    if (k !== undefined) { this.seenAt(k, p.position); return k; }
    if (this.names.length >= MAX_PARAMETERS) throw SvcError.sql(p.position, 'too many bind variables');
    this.names.push(label);
    this.positions.push(p.position);
    this.namedSlots.set(label.toLowerCase(), this.names.length - 1);
    return this.names.length - 1;
  }

  /** Keeps the earliest position in the text (the binder does not visit clauses in text order). */
  private seenAt(slot: number, position: number): void {
    const known = this.positions[slot];
    if (known === undefined || position < known) this.positions[slot] = position;
  }
}
