/**
 * One `Range: bytes=…` request header against a file of `size` bytes (RFC 9110 §14). Only a single range is
 * honoured; a list of ranges or another unit is ignored and the whole file is sent, which the RFC allows.
 */
export type RangeAnswer =
  | { readonly kind: 'whole' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return WHOLE;
  if (m[1] === '') {
    // A suffix: the last N bytes.
    const length = Number(m[2]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return WHOLE;
  return { kind: 'partial', start, end };
}
