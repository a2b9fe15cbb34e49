/** Every row of the write-outcome matrix, by the name the feature's Examples use. */
import { BLOCK_WRITES } from './block-writes';
import { INGEST_WRITES } from './ingest-writes';
import { SQL_WRITES } from './sql-writes';
import { WriteKind } from './write-kind';

export const WRITES: readonly WriteKind[] = [...SQL_WRITES, ...INGEST_WRITES, ...BLOCK_WRITES];

export function writeNamed(name: string): WriteKind {
  const w = WRITES.find((x) => x.name === name);
  if (!w) throw new Error(`no write "${name}"; the writes are: ${WRITES.map((x) => x.name).join(', ')}`);
  return w;
}
