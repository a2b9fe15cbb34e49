/**
 * What a Parquet decoder may attempt, decided from the footer before any page is read: a row group whose
 * compressed columns take more than half of the decoder's memory limit cannot even be fetched into it.
 * (Pages are decompressed one at a time, each within the memory limit, so a column chunk's compression ratio
 * is no danger in itself: a constant VARCHAR column of svc's own export compresses 5,000 times.) Slices: a row group is decoded at most `sliceBytes` of Arrow data at
 * a time (a quarter of the limit) in batches of at most `batchBytes` (8 MiB, at most 65,536 rows).
 */
export interface ChunkFacts {
  readonly column: string;
  readonly compressed: number;
  readonly uncompressed: number;
}

export interface GroupFacts {
  readonly rows: number;
  readonly compressed: number;
  readonly chunks: readonly ChunkFacts[];
}

export interface DecoderLimits {
  /** `http.import.parquet.decoder.memory.limit` in bytes (0: none). */
  readonly memoryLimit: number;
}

export const MAX_BATCH_ROWS = 65536;
export const BATCH_BYTES = 2 * 1024 * 1024;
/** Without a memory limit slices are as large as with the default 1 GiB one. */
const DEFAULT_SLICE_BYTES = 256 * 1024 * 1024;

export function sliceBytes(limits: DecoderLimits): number {
  return limits.memoryLimit > 0 ? Math.max(Math.floor(limits.memoryLimit / 4), BATCH_BYTES) : DEFAULT_SLICE_BYTES;
}

function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 1 : 0)} MiB`;
}

/** Why the file must not be decoded (naming the row group), or undefined. */
export function budgetRefusal(groups: readonly GroupFacts[], limits: DecoderLimits): string | undefined {
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (limits.memoryLimit > 0 && group.compressed > limits.memoryLimit / 2) {
      return `row group ${g} (${group.rows} rows) is ${mib(group.compressed)} compressed, more than half of the decoder's memory limit `
        + `[http.import.parquet.decoder.memory.limit=${mib(limits.memoryLimit)}]`;
    }
  }
  return undefined;
}
