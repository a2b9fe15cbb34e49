/**
 * The tier switch of one partition (CONVERT PARTITION TO PARQUET / NATIVE, conversion by age): the new form is
 * written into a new folder version while a reader snapshot keeps the old one alive, without the table's
 * writer lock, so writers and readers go on; then, holding the lock for the `_txn` swap only, the partition is
 * replaced if it is still the committed one. A write that changed the partition meanwhile makes the optimistic
 * attempt void: a conversion by age gives up until its next round, an ALTER converts again holding the lock.
 * A crash before the swap leaves the old partition (recovery deletes the unreferenced folder), after it the
 * new one: never neither, and `_txn` never names a half-written file.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SymbolTable } from '../../../core/data/symbol-table';
import { PartitionTier, PartitionTierChange } from '../../../core/extension/partition-bytes';
import { SvcError } from '../../../core/errors';
import { CommitMode } from '../atomic-file';
import { TableState } from '../table-state';
import { PartitionState, TXN_FILE, TxnState, writeTxn } from '../txn-state';
import { ParquetReads } from './parquet-reads';
import { PARQUET_FILE, PartitionEncoding } from './partition-encoding';
import { writePartitionNative } from './partition-to-native';
import { writePartitionParquet } from './partition-to-parquet';
import { TierChanges } from './tier-changes';

export type TargetTier = 'parquet' | 'native';
export type SwitchOutcome = 'converted' | 'unchanged' | 'busy' | 'changed';

export interface TierEnv {
  readonly reads: ParquetReads;
  readonly encoding: PartitionEncoding;
  readonly mode: CommitMode;
  readonly writerTimeoutMs: number;
  readonly changes: TierChanges;
}

export function tierOf(p: PartitionState): PartitionTier {
  return p.parquet ? (p.parquet.cold ? 'cold' : 'parquet') : 'native';
}

function inTier(p: PartitionState, to: TargetTier): boolean {
  return to === 'parquet' ? p.parquet !== undefined : p.parquet === undefined;
}

export function partitionNamed(txn: TxnState, name: string): PartitionState | undefined {
  return txn.partitions.find((p) => p.name === name);
}

/**
 * Converts the committed partition `name`. `wait`: an ALTER (waits for the writer lock as ALTERs do, converts
 * again under the lock when a write changed the partition); `try`: by age (never waits, gives up instead).
 */
export async function switchTier(env: TierEnv, state: TableState, name: string, to: TargetTier, how: 'wait' | 'try', signal?: AbortSignal): Promise<SwitchOutcome> {
  const p = partitionNamed(state.txn, name);
  if (!p) throw missingPartition(state, name, to);
  if (inTier(p, to)) return 'unchanged';
  const built = await build(env, state, p, to, signal);
  try {
    await state.acquire(how === 'try' ? 0 : env.writerTimeoutMs, signal);
  } catch (e) {
    discard(state, built);
    if (how === 'try') return 'busy';
    throw e;
  }
  try {
    if (state.txn.partitions.includes(p)) {
      publish(env, state, p, built);
      return 'converted';
    }
    discard(state, built);
    if (how === 'try') return 'changed';
    const q = partitionNamed(state.txn, name);
    if (!q) throw missingPartition(state, name, to);
    if (inTier(q, to)) return 'unchanged';
    publish(env, state, q, await build(env, state, q, to, signal));
    return 'converted';
  } finally {
    state.release();
  }
}

/** Writes the partition's other form into a new folder version, the old one kept alive by a snapshot meanwhile. */
async function build(env: TierEnv, state: TableState, p: PartitionState, to: TargetTier, signal?: AbortSignal): Promise<PartitionState> {
  const snapshot = state.openSnapshot();
  const dir = freshFolder(state, p.name);
  const symbols = (i: number): SymbolTable | undefined => {
    const c = state.meta.columns[i];
    return c ? state.dictionaries.get(c.id) : undefined;
  };
  try {
    if (to === 'native') return await writePartitionNative(env.reads, { dir: state.dir, meta: state.meta }, p, dir, symbols, env.mode, signal);
    const size = await writePartitionParquet({ tableDir: state.dir, meta: state.meta, partition: p, symbols, encoding: env.encoding, signal }, join(state.dir, dir, PARQUET_FILE));
    return { name: p.name, floor: p.floor, dir, rows: p.rows, minTs: p.minTs, maxTs: p.maxTs, tops: {}, varBytes: {}, parquet: { file: PARQUET_FILE, size } };
  } catch (e) {
    rmSync(join(state.dir, dir), { recursive: true, force: true });
    throw e;
  } finally {
    state.closeSnapshot(snapshot.txn);
  }
}

function discard(state: TableState, built: PartitionState): void {
  rmSync(join(state.dir, built.dir), { recursive: true, force: true });
}

/** Replaces `before` by `after` in `_txn` (atomic rename); the old folder goes once no reader holds it. Lock held. */
function publish(env: TierEnv, state: TableState, before: PartitionState, after: PartitionState): void {
  const next: TxnState = { txn: state.txn.txn + 1, partitions: state.txn.partitions.map((q) => (q === before ? after : q)), symbols: state.txn.symbols };
  writeTxn(join(state.dir, TXN_FILE), next, env.mode);
  state.txn = next;
  state.retire(next.txn, [join(state.dir, before.dir)]);
  const change: PartitionTierChange = {
    table: state.meta.name, partition: after.name, before: tierOf(before), after: tierOf(after),
    location: after.parquet ? env.reads.location({ dir: state.dir, meta: state.meta }, after) : undefined,
  };
  env.changes.emit(change, before.parquet?.cold ? env.reads.location({ dir: state.dir, meta: state.meta }, before) : undefined);
}

/** A new folder for a partition version outside a writer's transaction: `<name>.<next txn>` (plus `-<k>` if taken). */
export function freshFolder(state: TableState, name: string): string {
  let dir = `${name}.${state.txn.txn + 1}`;
  for (let k = 1; existsSync(join(state.dir, dir)); k++) dir = `${name}.${state.txn.txn + 1}-${k}`;
  mkdirSync(join(state.dir, dir));
  return dir;
}

function missingPartition(state: TableState, name: string, to: TargetTier): SvcError {
  return to === 'parquet'
    ? SvcError.badRequest(`cannot convert partition to parquet, partition does not exist [table=${state.meta.name}, partition=${name}]`)
    : SvcError.badRequest(`cannot convert parquet partition to native, partition does not exist [table=${state.meta.name}, partition=${name}]`);
}
