/**
 * Text helpers of the bench's data generators: a small deterministic PRNG, ISO-8601 timestamps with
 * microseconds, fixed-point decimals and a buffered latin1 file writer.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** mulberry32: a small, fast, deterministic 32-bit PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(us - ms * 1000).padStart(3, '0')}Z`;
}

/** A non-negative fixed-point integer as a decimal with `digits` decimals. */
export function fixed(v: number, digits: number, pow: number): string {
  const ip = Math.floor(v / pow);
  return `${ip}.${String(v - ip * pow).padStart(digits, '0')}`;
}

export class CsvOut {
  private readonly fd: number;
  private parts: string[] = [];
  private length = 0;
  bytes = 0;
  constructor(file: string) { this.fd = openSync(file, 'w'); }
  push(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    if (this.length > 8 << 20) this.flush();
  }
  flush(): void {
    if (this.parts.length === 0) return;
    const b = Buffer.from(this.parts.join(''), 'latin1');
    writeSync(this.fd, b);
    this.bytes += b.length;
    this.parts = [];
    this.length = 0;
  }
  close(): void { this.flush(); closeSync(this.fd); }
}
