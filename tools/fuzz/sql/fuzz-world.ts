/**
 * A world: two or three random tables that share the types of their join keys (k0, maybe k1), loaded into
 * both engines; the fuzzer runs a block of queries over one world, then drops it and makes the next.
 */
import { Prng } from '../prng';
import { FuzzTypeName } from './fuzz-types';
import { DuckRunner } from './duck-runner';
import { FuzzTable, generateTable, KeyColumn, poolFor } from './table-generator';
import { ValueGenerator } from './value-generator';
import { dropTable, loadTable } from './table-loader';
import { SvcRunner } from './svc-runner';

const KEY_TYPES: readonly FuzzTypeName[] = ['INT', 'LONG', 'SYMBOL', 'VARCHAR', 'STRING', 'SHORT'];

export interface World {
  readonly tables: readonly FuzzTable[];
}

export function generateWorld(rnd: Prng, prefix: string): World {
  const values = new ValueGenerator(rnd);
  const keys: KeyColumn[] = rnd.sample(KEY_TYPES, rnd.int(1, 2))
    .map((type) => ({ type, pool: poolFor(rnd, values, { type, profile: 'pool' }, rnd.int(2, 8)) }));
  const n = rnd.int(2, 3);
  return { tables: Array.from({ length: n }, (_, i) => generateTable(rnd, `${prefix}_${i}`, keys)) };
}

export async function loadWorld(w: World, svc: SvcRunner, duck: DuckRunner): Promise<void> {
  for (const t of w.tables) {
    await dropTable(t.name, svc, duck);
    await loadTable(t, svc, duck);
  }
}

export async function dropWorld(w: World, svc: SvcRunner, duck: DuckRunner): Promise<void> {
  for (const t of w.tables) await dropTable(t.name, svc, duck);
}
