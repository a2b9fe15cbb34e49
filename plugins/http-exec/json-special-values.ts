/**
 * The quoted-text types of /exec: IPv4 dotted quads, GEOHASH in characters or bits,
 * UUID, LONG256 (`0x` + minimal hex, even digit count), INTERVAL. Each writes straight into the sink.
 */
import { ColumnType } from '../../core/data/column-type';
import { LONG_NULL } from '../../core/data/null-values';
import { IsoTimestampWriter } from '../../core/time/iso-timestamp-writer';
import { writeNull, writePadded } from './json-numbers';
import { JsonSink } from './json-sink';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const GEO_BASE32 = Buffer.from('0123456789bcdefghjkmnpqrstuvwxyz', 'latin1');

function writeSmall(sink: JsonSink, v: number): void {
  writePadded(sink, v, v < 10 ? 1 : v < 100 ? 2 : 3);
}

/** IPv4: the 32 address bits as `a.b.c.d`; 0.0.0.0 is the null. */
export function writeIpv4(sink: JsonSink, bits: number): void {
  if (bits === 0) { writeNull(sink); return; }
  const u = bits >>> 0;
  sink.byte(0x22);
  writeSmall(sink, u >>> 24);
  sink.byte(0x2e);
  writeSmall(sink, (u >>> 16) & 255);
  sink.byte(0x2e);
  writeSmall(sink, (u >>> 8) & 255);
  sink.byte(0x2e);
  writeSmall(sink, u & 255);
  sink.byte(0x22);
}

/** GEOHASH: base32 characters when declared in characters, else the bit string; -1 is the null. */
export function writeGeohash(sink: JsonSink, hash: number, type: ColumnType): void {
  if (hash < 0) { writeNull(sink); return; }
  const bits = type.bits ?? 1;
  const chars = type.geoChars && bits % 5 === 0;
  const n = chars ? bits / 5 : bits;
  const base = chars ? 32 : 2;
  sink.ensure(n + 2);
  const buf = sink.buf;
  const p = sink.pos;
  buf[p] = 0x22;
  let v = hash;
  for (let i = n; i >= 1; i--) {
    const digit = v % base;
    buf[p + i] = chars ? GEO_BASE32[digit] : 48 + digit;
    v = (v - digit) / base;
  }
  buf[p + n + 1] = 0x22;
  sink.pos = p + n + 2;
}

/** True when the 8 little-endian bytes at `o` are LONG_NULL (-2^63: 00 … 00 80). */
function isLongNull(d: Uint8Array, o: number): boolean {
  return d[o + 7] === 0x80 && d[o] === 0 && d[o + 1] === 0 && d[o + 2] === 0 && d[o + 3] === 0
    && d[o + 4] === 0 && d[o + 5] === 0 && d[o + 6] === 0;
}

function hexByte(buf: Buffer, p: number, b: number): void {
  buf[p] = HEX[b >> 4];
  buf[p + 1] = HEX[b & 15];
}

/** UUID: 16 bytes, low long then high long, each little-endian → `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
export function writeUuid(sink: JsonSink, d: Uint8Array, o: number): void {
  if (isLongNull(d, o) && isLongNull(d, o + 8)) { writeNull(sink); return; }
  sink.ensure(38);
  const buf = sink.buf;
  let p = sink.pos;
  buf[p++] = 0x22;
  // Most significant byte first: the high long's bytes 15..8, then the low long's 7..0.
  for (let b = 15; b >= 0; b--) {
    if (b === 11 || b === 9 || b === 7 || b === 5) buf[p++] = 0x2d;
    hexByte(buf, p, d[o + b]);
    p += 2;
  }
  buf[p++] = 0x22;
  sink.pos = p;
}

/** LONG256: a 256-bit little-endian number → `"0x…"` without leading zero bytes; all four longs null → `""`. */
export function writeLong256(sink: JsonSink, d: Uint8Array, o: number): void {
  if (isLongNull(d, o) && isLongNull(d, o + 8) && isLongNull(d, o + 16) && isLongNull(d, o + 24)) {
    sink.ascii('""');
    return;
  }
  let top = 31;
  while (top > 0 && d[o + top] === 0) top--;
  sink.ensure(70);
  const buf = sink.buf;
  let p = sink.pos;
  buf[p++] = 0x22; buf[p++] = 0x30; buf[p++] = 0x78;
  for (let b = top; b >= 0; b--) {
    hexByte(buf, p, d[o + b]);
    p += 2;
  }
  buf[p++] = 0x22;
  sink.pos = p;
}

/** INTERVAL: `"('lo', 'hi')"` with both bounds as TIMESTAMP text; a null low bound is the null. */
export function writeInterval(sink: JsonSink, lo: number, hi: number, ts: IsoTimestampWriter): void {
  if (lo === LONG_NULL) { writeNull(sink); return; }
  sink.ensure(IsoTimestampWriter.MAX_BYTES * 2 + 12);
  const buf = sink.buf;
  let p = sink.pos;
  // QuestDB prints an INTERVAL's bounds with millisecond precision.
  buf[p++] = 0x22; buf[p++] = 0x28; buf[p++] = 0x27;
  p = ts.millis(buf, p, Math.floor(lo / 1000));
  buf[p++] = 0x27; buf[p++] = 0x2c; buf[p++] = 0x20; buf[p++] = 0x27;
  p = ts.millis(buf, p, Math.floor(hi / 1000));
  buf[p++] = 0x27; buf[p++] = 0x29; buf[p++] = 0x22;
  sink.pos = p;
}
