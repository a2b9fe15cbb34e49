/**
 * Hostile line-protocol input for the fuzzer: valid lines mutated byte by byte, random bytes, random token
 * soup, binary values with lying shapes and lengths (huge, negative and zero extents, truncated payloads,
 * unknown type bytes), overflowing numbers and timestamps, long and invalid UTF-8 names, tags named like
 * the designated timestamp, lines adding hundreds of columns. Chaos lines write only to `chaos…` tables, so
 * they cannot touch the tables the fuzzer checks (`BAD_LINES` are the invalid lines it mixes into those).
 */
import { binaryArrayOf, binaryDouble } from '../../../features/support/ilp-binary';
import { IlpRandom } from './ilp-random';
import { encodeRow, randomRow } from './ilp-rows';

const TOKENS = ['chaos', 'chaos2', ',', '=', ' ', '  ', '\\', '"', '==', 'i', 't', 'n', 'm', 'd', 'e', '-', '+', '.', '0x', 'NaN',
  'Infinity', '1e400', '9223372036854775808i', '-9223372036854775809i', '18446744073709551616', 'true', 'timestamp', '#', '\t', '\r',
  'é', '\u{1F600}', '\u0000', '12', '1.5', '-1', '1700000000000000000', '99999999999999999999', '-5'];

/** Random extents for a binary array: mostly lies. */
function shape(rnd: IlpRandom): number[] {
  const dims = rnd.pick([0, 1, 2, 3, 4, 32, 33, 255]);
  return Array.from({ length: Math.min(dims, 40) }, () => rnd.pick([0, 1, 2, 3, 7, 65536, 100000000, 2147483647, -1, -2147483648, rnd.int(0, 1000)]));
}

function binaryValue(rnd: IlpRandom): Buffer {
  switch (rnd.int(0, 6)) {
    case 0: return binaryDouble(rnd.pick([NaN, Infinity, -Infinity, -0, 5e-324, 1]));
    case 1: {
      const s = shape(rnd);
      const count = s.reduce((a, b) => a * Math.max(0, b), 1);
      const values = count <= 64 ? Array.from({ length: rnd.chance(0.5) ? count : rnd.int(0, count) }, () => rnd.next()) : [];
      const b = binaryArrayOf(s, values);
      if (rnd.chance(0.2)) b[1] = rnd.pick([0, 6, 33, 255]);
      if (s.length > 32) b[2] = s.length;
      return b;
    }
    case 2: return Buffer.from([23, rnd.int(0, 100), rnd.int(0, 255), ...Array.from({ length: rnd.int(0, 40) }, () => rnd.int(0, 255))]);
    case 3: return Buffer.from([13, rnd.int(0, 6), ...Array.from({ length: rnd.int(0, 9) }, () => rnd.int(0, 255))]);
    case 4: return Buffer.from([rnd.int(0, 255), ...Array.from({ length: rnd.int(0, 12) }, () => rnd.int(0, 255))]);
    case 5: return Buffer.from([14, 10, 1]);
    default: return Buffer.from([rnd.pick([6, 2, 3, 15, 16]), ...Array.from({ length: rnd.int(0, 8) }, () => rnd.int(0, 255))]);
  }
}

function mutate(rnd: IlpRandom, line: Buffer): Buffer {
  const bytes = [...line];
  for (let n = rnd.int(1, 5); n > 0; n--) {
    const at = rnd.int(0, Math.max(0, bytes.length - 1));
    switch (rnd.int(0, 3)) {
      case 0: bytes[at] = rnd.int(0, 255); break;
      case 1: bytes.splice(at, 0, rnd.pick([0x20, 0x2c, 0x3d, 0x5c, 0x22, 0x0a, rnd.int(0, 255)])); break;
      case 2: bytes.splice(at, rnd.int(1, 4)); break;
      default: bytes.splice(at, 0, ...bytes.slice(at, at + rnd.int(1, 8)));
    }
  }
  // Keep the table name away from the checked tables whatever the mutation did.
  return Buffer.concat([Buffer.from('chaos'), Buffer.from(bytes), Buffer.from('\n')]);
}

/** One hostile line (or a few bytes that may not even end in a line end). */
export function chaosLine(rnd: IlpRandom, id: number): Buffer {
  switch (rnd.int(0, 9)) {
    case 0: case 1: return mutate(rnd, encodeRow(rnd, 'x', randomRow(rnd, id)));
    case 2: return Buffer.concat([Buffer.from('chaos'), Buffer.from(Array.from({ length: rnd.int(0, 200) }, () => rnd.int(0, 255))), Buffer.from('\n')]);
    case 3: return Buffer.from(`chaos${Array.from({ length: rnd.int(1, 30) }, () => rnd.pick(TOKENS)).join('')}\n`);
    case 4: case 5: return Buffer.concat([Buffer.from(`chaos_bin,k=a f${rnd.int(0, 3)}==`), binaryValue(rnd), Buffer.from(rnd.pick([' 1700000000000000000\n', '\n', ',g=1i\n', '']))]);
    case 6: return Buffer.from(`chaos_${'x'.repeat(rnd.int(100, 300))} ${'y'.repeat(rnd.int(1, 300))}=1i\n`);
    case 7: return Buffer.from(`chaos_wide ${Array.from({ length: rnd.int(1, 1100) }, (_, i) => `c${rnd.int(0, 1e6)}_${i}=${i}i`).join(',')}\n`);
    case 8: return Buffer.from(rnd.pick([
      'chaos_ts,timestamp=a v=1i\n', 'chaos_ts timestamp=1.5\n', 'chaos_e v=1i,nope=\n', 'chaos_n v=1i -1\n',
      'chaos_n v=1i 99999999999999999999\n', 'chaos_n v=1e400\n', 'chaos_n tn=-1500n,t=-1t\n', 'chaos_n v="\\\n', 'chaos_n v="abc',
      Buffer.from([0x63, 0x68, 0x61, 0x6f, 0x73, 0xc3, 0x28, 0x20, 0x76, 0x3d, 0x31, 0x69, 0x0a]).toString('latin1'),
    ]), 'latin1');
    default: return Buffer.from(`chaos_ok,k=${rnd.int(0, 9)} v=${rnd.int(-100, 100)}i,d=${rnd.next()}\n`);
  }
}

/** Lines that are invalid whatever state the checked table `table` is in (its columns exist, `zzz_never` never does). */
export function badLine(rnd: IlpRandom, table: string, id: number): Buffer {
  switch (rnd.int(0, 8)) {
    case 0: return Buffer.from(`${table},s=a id=${id}i,d=1x\n`);
    case 1: return Buffer.from(`${table} id=${id}i,d=1e400\n`);
    case 2: return Buffer.from(`${table},timestamp=x id=${id}i\n`);
    case 3: return Buffer.from(`${table} id=${id}i,p-q=1i\n`);
    case 4: return Buffer.from(`${table} id=${id}i,v="unterminated\n`);
    case 5: return Buffer.from(`${table} id=${id}i,zzz_never=\n`);
    case 6: return Buffer.from(`${table} id=${id}i,l="text"\n`);
    case 7: return Buffer.concat([Buffer.from(`${table} id=${id}i,arr==`), binaryArrayOf([2147483647, 2147483647, 0], []), Buffer.from('\n')]);
    default: return Buffer.from(`fz/${table} id=${id}i\n`);
  }
}
