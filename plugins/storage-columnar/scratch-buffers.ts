/**
 * Reusable byte buffers for one out-of-order commit: every column of every merged partition is read and
 * merged through the same few buffers, instead of fresh allocations whose zero-filled pages the kernel
 * would fault in again for each column.
 */
export class ScratchBuffers {
  private readonly slots = new Map<string, ArrayBuffer>();

  /** A view of `length` bytes at offset 0 (so typed views are aligned); its previous contents are undefined. */
  take(slot: string, length: number): Uint8Array {
    let b = this.slots.get(slot);
    if (b === undefined || b.byteLength < length) {
      // A multiple of 8, so the whole buffer can be viewed as any typed array.
      b = new ArrayBuffer(Math.ceil(Math.max(length, (b?.byteLength ?? 0) * 1.5) / 8) * 8);
      this.slots.set(slot, b);
    }
    return new Uint8Array(b, 0, length);
  }
}
