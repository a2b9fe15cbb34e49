/**
 * PostgreSQL's binary numeric (numeric_send): int16 digit count, int16 weight (of the first base-10000
 * digit), uint16 sign (0x0000 +, 0x4000 −, 0xC000 NaN, 0xD000 +Infinity, 0xF000 −Infinity), uint16
 * display scale, then the base-10000 digits. Decoded to its exact decimal text, which the engine converts
 * to the parameter's type. Every field is checked against the bytes and the limits numeric_recv applies
 * (at most 3000 digits, digits below 10000, a known sign, a 14-bit scale); the weight is bounded so a
 * lying one cannot make a text of millions of zeros.
 */
import { badBinary, insufficientData, protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

const MAX_DIGITS = 3000;
/** Base-10000 weights a value may have: 10^±16384, far past every type the engine has. */
const MAX_WEIGHT = 4096;

export function decodeBinaryNumeric(b: Buffer, index: number): string {
  if (b.length < 8) throw insufficientData();
  const n = b.readInt16BE(0), weight = b.readInt16BE(2), sign = b.readUInt16BE(4), dscale = b.readUInt16BE(6);
  if (n < 0 || n > MAX_DIGITS) throw protocolError('invalid length in external "numeric" value', SQLSTATE.BAD_BINARY);
  if (b.length < 8 + 2 * n) throw insufficientData();
  if (b.length > 8 + 2 * n) throw badBinary(index);
  if ((dscale & 0x3fff) !== dscale) throw protocolError('invalid scale in external "numeric" value', SQLSTATE.BAD_BINARY);
  switch (sign) {
    case 0xc000: return 'NaN';
    case 0xd000: return 'Infinity';
    case 0xf000: return '-Infinity';
    case 0x0000: case 0x4000: break;
    default: throw protocolError('invalid sign in external "numeric" value', SQLSTATE.BAD_BINARY);
  }
  const digits = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    const d = b.readInt16BE(8 + 2 * k);
    if (d < 0 || d > 9999) throw protocolError('invalid digit in external "numeric" value', SQLSTATE.BAD_BINARY);
    digits[k] = d;
  }
  if (n > 0 && Math.abs(weight) > MAX_WEIGHT) throw protocolError('value overflows numeric format', SQLSTATE.NUMERIC_OVERFLOW);
  const group = (w: number): string => {
    const k = weight - w;
    return String(k >= 0 && k < n ? digits[k] : 0).padStart(4, '0');
  };
  let whole = '';
  for (let w = weight; w >= 0; w--) whole += group(w);
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  let fraction = '';
  for (let w = -1; w > weight - n; w--) fraction += group(w);
  fraction = fraction.replace(/0+$/, '').padEnd(dscale, '0');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return sign === 0x4000 && /[1-9]/.test(text) ? `-${text}` : text;
}
