/**
 * rnd_bin and rnd_varchar with QuestDB's draws: binary bytes are the low byte of each word; a varchar is
 * either printable ASCII or UTF-8 characters of 1–4 bytes built from masked random bytes (surrogates and
 * overlong or out-of-range forms are drawn again).
 */
import { RandomSource } from '../../../core/extension/sql-function';
import { decodeUtf8 } from '../../../core/data/utf8';

const int8 = (x: number): number => (x << 24) >> 24;

/** rnd_bin(lo, hi, nullRate): `rnd_bin()` is 32 bytes with no null check (lo = hi = 32, nullRate = -1). */
export function randomBinary(r: RandomSource, lo: bigint, hi: bigint, nullRate: number): Uint8Array | null {
  if (nullRate >= 0 && r.nextPositiveInt() % (nullRate + 1) === 1) return null;
  const length = Number(lo === hi ? lo : lo + (r.nextPositiveLong() % (hi - lo + 1n)));
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = int8(r.nextInt()) & 0xff;
  return out;
}

/** A random byte `k` with the `wipe` bits cleared and `set` bits set, drawn again while `k & ~wipe` is 0. */
function utf8Byte(r: RandomSource, wipe: number, set: number): number {
  for (;;) {
    const k = r.nextInt() & ~wipe & 0xff;
    if (k !== 0) return k | set;
  }
}

function utf8Char(r: RandomSource, out: number[]): void {
  const byteCount = Math.max(1, r.nextPositiveInt() % 5);
  switch (byteCount) {
    case 1: out.push(32 + (r.nextPositiveInt() % 95)); return;
    case 2:
      for (;;) {
        const b1 = utf8Byte(r, 0xe0, 0xc0), b2 = utf8Byte(r, 0xc0, 0x80);
        if ((b1 & 30) === 0) continue;
        out.push(b1, b2);
        return;
      }
    case 3:
      for (;;) {
        const b1 = utf8Byte(r, 0xf0, 0xe0), b2 = utf8Byte(r, 0xc0, 0x80), b3 = utf8Byte(r, 0xc0, 0x80);
        const c = ((b1 & 0x0f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
        if (c >= 0xd800 && c <= 0xdfff) continue;
        out.push(b1, b2, b3);
        return;
      }
    default:
      for (;;) {
        const b1 = utf8Byte(r, 0xf8, 0xf0), b2 = utf8Byte(r, 0xc0, 0x80), b3 = utf8Byte(r, 0xc0, 0x80), b4 = utf8Byte(r, 0xc0, 0x80);
        const cp = ((b1 & 0x07) << 18) | ((b2 & 0x3f) << 12) | ((b3 & 0x3f) << 6) | (b4 & 0x3f);
        if (cp < 0x10000 || cp > 0x10ffff) continue;
        out.push(b1, b2, b3, b4);
        return;
      }
  }
}

/** rnd_varchar(lo, hi, nullRate): a fixed length draws no length; then ASCII or UTF-8 by a coin. */
export function randomVarchar(r: RandomSource, lo: number, hi: number, nullRate: number): string | null {
  if (r.nextInt() % (nullRate + 1) === 1) return null;
  const length = lo === hi ? lo : lo + (r.nextPositiveInt() % (hi - lo + 1));
  const bytes: number[] = [];
  if (r.nextBoolean()) {
    for (let i = 0; i < length; i++) bytes.push(32 + (r.nextPositiveInt() % 95));
  } else {
    for (let i = 0; i < length; i++) utf8Char(r, bytes);
  }
  const b = Uint8Array.from(bytes);
  return decodeUtf8(b, 0, b.length);
}
