/**
 * A real full disk for the write-outcome matrix: the server's `db` folder is a small tmpfs (mounting needs
 * root, as the test machines run), and a filler file takes all of it but `headroom` bytes, so the write gets
 * the operating system's own ENOSPC. No hook inside the server simulates it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const SIZE = '256m';
const CHUNK = Buffer.alloc(1 << 20);

export class SmallDisk {
  private mounted = false;
  constructor(readonly dir: string) {}

  get filler(): string { return join(this.dir, 'filler'); }

  /** Mounts the tmpfs on `dir` (created when missing); throws with the reason when mounting is not allowed. */
  mount(): void {
    mkdirSync(this.dir, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', this.dir], { stdio: 'pipe' });
    } catch (e) {
      throw new Error(`a full-disk cell mounts a ${SIZE} tmpfs, which needs root: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.mounted = true;
  }

  /** Writes the filler until the disk is full, then gives `headroom` bytes back. */
  fill(headroom: number): void {
    const fd = openSync(this.filler, 'w');
    let written = 0;
    try {
      for (;;) {
        try { written += writeSync(fd, CHUNK); } catch { break; }
      }
      // The last partial chunk: byte by byte down to a full disk.
      for (let n = CHUNK.length >> 1; n > 0; n >>= 1) {
        try { written += writeSync(fd, CHUNK, 0, n); } catch { /* smaller next */ }
      }
    } finally {
      closeSync(fd);
    }
    if (headroom > 0) truncateSync(this.filler, Math.max(0, written - headroom));
  }

  release(): void {
    rmSync(this.filler, { force: true });
  }

  /** Lazily, so a server still holding files in it does not keep the mount. */
  unmount(): void {
    if (!this.mounted) return;
    this.mounted = false;
    try { execFileSync('umount', ['-l', this.dir], { stdio: 'pipe' }); } catch { /* already gone */ }
  }
}
