/** Appends a SqlValue to a builder of any type, converting as an implicit cast would (INSERT, constants). */
import { TypeTag } from '../../data/column-type';
import { VectorBuilder } from '../../data/vector-builder';
import { parseIsoTimestampExact, parseIsoTimestampNanos } from '../../time/iso-timestamp';
import { millisOfMicros } from '../../time/time-unit';
import { SvcError } from '../../errors';
import { decimalBytes } from '../../data/decimal';
import { ddlTypeName, typeName } from '../../data/column-type';
import { parseArrayText } from '../arrays/array-text';
import { decimalValue } from './decimal-values';
import { parseIpv4, parseUuid, SqlValue } from './sql-value';
import { formatValue } from './format-value';
import { parseGeohashExact, parseLong256 } from './text-to-binary-values';

export function appendValue(b: VectorBuilder, value: SqlValue): void {
  if (value === null) { b.appendNull(); return; }
  const t = b.type.tag;
  switch (t) {
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.SYMBOL:
      b.appendString(typeof value === 'string' ? value : formatValue(value));
      return;
    case TypeTag.CHAR:
      if (typeof value === 'string') { b.appendString(value); return; }
      b.appendNumber(Number(value));
      return;
    case TypeTag.BOOLEAN:
      if (typeof value === 'string') { b.appendNumber(value.toLowerCase() === 'true' ? 1 : 0); return; }
      b.appendNumber(value === true || (typeof value === 'number' && value !== 0) ? 1 : 0);
      return;
    case TypeTag.TIMESTAMP_NS: {
      if (typeof value === 'string') {
        const ns = /^\s*[-+]?\d+\s*$/.test(value) ? BigInt(value.trim()) : parseIsoTimestampNanos(value);
        if (ns === undefined) throw SvcError.badRequest(`Invalid timestamp: ${value}`);
        b.appendBigInt(ns);
        return;
      }
      if (typeof value === 'bigint') b.appendBigInt(value); else b.appendNumber(Number(value));
      return;
    }
    case TypeTag.TIMESTAMP: case TypeTag.DATE: {
      if (typeof value === 'string') {
        const us = parseIsoTimestampExact(value);
        if (us === undefined) {
          if (/^\s*[-+]?\d+\s*$/.test(value)) { b.appendBigInt(BigInt(value.trim())); return; }
          const n = Number(value);
          if (value.trim() !== '' && Number.isFinite(n)) { b.appendNumber(Math.trunc(n)); return; }
          throw SvcError.badRequest(`Invalid timestamp: ${value}`);
        }
        if (t === TypeTag.DATE) b.appendNumber(millisOfMicros(us));
        else if (typeof us === 'bigint') b.appendBigInt(us);
        else b.appendNumber(us);
        return;
      }
      if (typeof value === 'bigint') { b.appendBigInt(value); return; }
      b.appendNumber(Number(value));
      return;
    }
    case TypeTag.UUID: {
      const u = typeof value === 'string' ? parseUuid(value) : undefined;
      if (!u) throw SvcError.badRequest(`inconvertible value: ${String(value)} [STRING -> UUID]`);
      b.appendBytes(u);
      return;
    }
    case TypeTag.IPV4: {
      const x = typeof value === 'string' ? parseIpv4(value) : Number(value);
      if (x === undefined) throw SvcError.badRequest(`inconvertible value: ${String(value)} [STRING -> IPv4]`);
      b.appendNumber(x);
      return;
    }
    case TypeTag.LONG256: {
      // A LONG widens into the least significant word (QuestDB's Long256 l0); the other words are 0.
      if (typeof value === 'bigint') { b.appendBytes(long256Bytes(BigInt.asUintN(64, value))); return; }
      if (typeof value === 'number') { b.appendBytes(long256Bytes(BigInt.asUintN(64, BigInt(Math.trunc(value))))); return; }
      const x = typeof value === 'string' ? parseLong256(value) : undefined;
      if (!x) throw SvcError.badRequest(`inconvertible value: ${String(value)} [STRING -> LONG256]`);
      b.appendBytes(x);
      return;
    }
    case TypeTag.GEOHASH: {
      if (typeof value === 'number') { b.appendNumber(value); return; }
      if (typeof value === 'bigint') { b.appendBigInt(value); return; }
      const x = typeof value === 'string' ? parseGeohashExact(value, b.type.bits ?? 1) : undefined;
      if (x === undefined) throw SvcError.badRequest(`inconvertible value: ${String(value)} [STRING -> GEOHASH]`);
      if (typeof x === 'bigint') b.appendBigInt(x); else b.appendNumber(x);
      return;
    }
    case TypeTag.BINARY:
      b.appendBytes(value instanceof Uint8Array ? value : new TextEncoder().encode(String(value)));
      return;
    case TypeTag.DECIMAL: {
      const unscaled = decimalValue(value, b.type);
      if (unscaled === undefined) throw SvcError.badRequest(`inconvertible value: ${String(value)} [STRING -> ${typeName(b.type)}]`);
      b.appendBytes(decimalBytes(unscaled));
      return;
    }
    case TypeTag.ARRAY: {
      const array = typeof value === 'string' ? parseArrayText(value, b.type.dims ?? 1) : undefined;
      if (!array) throw SvcError.badRequest(`inconvertible value: ${String(value)} [STRING -> ${ddlTypeName(b.type)}]`);
      b.appendArray(array.elements, array.shape);
      return;
    }
    case TypeTag.NULL: b.appendNull(); return;
    default: {
      if (typeof value === 'bigint') { b.appendBigInt(value); return; }
      let n: number;
      if (typeof value === 'string') {
        if (value.trim() === '') throw SvcError.badRequest(`inconvertible value: '${value}'`);
        n = Number(value);
        if (Number.isNaN(n) && value.trim().toLowerCase() !== 'nan') throw SvcError.badRequest(`inconvertible value: ${value} [STRING -> ${TypeTag[t]}]`);
      } else if (typeof value === 'boolean') n = value ? 1 : 0;
      else if (value instanceof Uint8Array) throw SvcError.badRequest('inconvertible value: binary');
      else n = value;
      if (t === TypeTag.INT || t === TypeTag.SHORT || t === TypeTag.BYTE || t === TypeTag.LONG) n = Math.trunc(n);
      b.appendNumber(n);
    }
  }
}

/** An unsigned 256-bit integer as LONG256's 32 little-endian bytes. */
function long256Bytes(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let k = 0; k < 32; k++) out[k] = Number((v >> BigInt(k * 8)) & 0xffn);
  return out;
}
