/**
 * The round-trip cells that do not come back identical and are known: documented conversions of a format
 * (docs/fuzzing.md, "Round trip: what comes back converted"), and bugs of other areas not fixed yet (the
 * to-do list, each with the area that owns it). The entries live in known-differences.json; a field left out
 * (or "*") matches anything, `expected`/`actual` match the canonical text exactly (null is SQL NULL), and
 * `convert` names the conversion the value must have gone through (so a wrong value still shows).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_DIR } from '../../../core/project';

export interface KnownDifference {
  readonly path?: string;
  readonly output?: string;
  /** A column kind (`double`) or a column name (`g13b`). */
  readonly type?: string;
  readonly expected?: string | null;
  readonly actual?: string | null;
  /**
   * The value comes back converted this way, and only a value converted so is matched:
   * `floor-micros`, an integer count of nanoseconds rounded down to a whole microsecond.
   */
  readonly convert?: 'floor-micros';
  /** `conversion` (documented, stays) or the area whose bug it is (`line-protocol`, `pg-wire`, …). */
  readonly owner: string;
  readonly reason: string;
}

export interface Cell {
  readonly path: string;
  readonly output: string;
  readonly column: string;
  readonly kind: string;
  readonly expected: string | null;
  readonly actual: string | null;
}

const FILE = join(PROJECT_DIR, 'tools', 'fuzz', 'roundtrip', 'known-differences.json');

function isEntry(x: unknown): x is KnownDifference {
  return typeof x === 'object' && x !== null && typeof (x as { reason?: unknown }).reason === 'string' && typeof (x as { owner?: unknown }).owner === 'string';
}

export function loadKnownDifferences(file = FILE): KnownDifference[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed) || !parsed.every(isEntry)) throw new Error(`${file}: expected an array of {owner, reason, …}`);
  return parsed;
}

const fits = (rule: string | undefined, value: string): boolean => rule === undefined || rule === '*' || rule === value;
/** `actual` is `expected` converted by `rule` (NULL stays NULL). */
function converted(rule: KnownDifference['convert'], expected: string | null, actual: string | null): boolean {
  if (rule === undefined) return true;
  if (expected === null || actual === null) return expected === actual;
  if (!/^-?\d+$/.test(expected) || !/^-?\d+$/.test(actual)) return false;
  const ns = BigInt(expected);
  const floor = ns >= 0n ? ns / 1000n : -((-ns + 999n) / 1000n);
  return BigInt(actual) === floor * 1000n;
}

const fitsValue = (rule: string | null | undefined, value: string | null): boolean => rule === undefined || rule === '*' || rule === value;

/** The entry that explains this cell, if any. */
export function knownFor(list: readonly KnownDifference[], cell: Cell): KnownDifference | undefined {
  return list.find((k) => fits(k.path, cell.path) && fits(k.output, cell.output) && (fits(k.type, cell.kind) || k.type === cell.column)
    && fitsValue(k.expected, cell.expected) && fitsValue(k.actual, cell.actual) && converted(k.convert, cell.expected, cell.actual));
}
