/**
 * Delimiter detection: per line, count every non-alphanumeric ASCII byte outside double
 * quotes; the candidate whose count varies least across lines wins (ties: `,` `\t` `|` before `:` before
 * space and `;`, then the higher mean). Its standard deviation must stay under
 * `http.text.max.required.delimiter.stddev`; otherwise a file of steady line length is one column (`,`).
 */
import { SvcError } from '../../core/errors';

export interface DelimiterLimits {
  readonly maxLines: number;
  readonly maxDelimiterStdDev: number;
  readonly maxLineLengthStdDev: number;
}

const PRIORITY: Readonly<Record<number, number>> = { 0x2c: 10, 0x09: 10, 0x7c: 10, 0x3a: 9, 0x20: 8, 0x3b: 8 };

function isCandidate(c: number): boolean {
  if (c >= 0x30 && c <= 0x39) return false;
  if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return false;
  return c < 0x80 && c !== 0x22 && c !== 0x0a && c !== 0x0d;
}

/** `sample` holds whole lines (the caller cut an incomplete last line). */
export function detectDelimiter(sample: Uint8Array, limits: DelimiterLimits, table: string): number {
  const counts: Int32Array[] = [];
  const lengths: number[] = [];
  let line = new Int32Array(128);
  let length = 0;
  let quoted = false;
  const endLine = (): void => {
    if (length > 0) { counts.push(line); lengths.push(length); line = new Int32Array(128); }
    length = 0;
  };
  for (let i = 0; i < sample.length && counts.length < limits.maxLines; i++) {
    const c = sample[i];
    if (c === 0x22) quoted = !quoted;
    if (!quoted && (c === 0x0a || c === 0x0d)) { endLine(); continue; }
    length++;
    if (!quoted && isCandidate(c)) line[c]++;
  }
  if (counts.length < limits.maxLines) endLine();
  const n = counts.length;
  if (n < 2) throw SvcError.badRequest(`not enough lines [table=${table}]`);

  let best = -1;
  let bestDev = Infinity;
  let bestMean = 0;
  for (let c = 0; c < 128; c++) {
    let sum = 0;
    for (const l of counts) sum += l[c];
    if (sum === 0) continue;
    const mean = sum / n;
    let sq = 0;
    for (const l of counts) sq += (l[c] - mean) ** 2;
    const dev = Math.sqrt(sq / n);
    const better = dev < bestDev
      || (dev === bestDev && (PRIORITY[c] ?? 0) > (PRIORITY[best] ?? 0))
      || (dev === bestDev && (PRIORITY[c] ?? 0) === (PRIORITY[best] ?? 0) && mean > bestMean);
    if (better) { best = c; bestDev = dev; bestMean = mean; }
  }
  if (best >= 0 && best !== 0x2e && bestDev < limits.maxDelimiterStdDev) return best;
  const meanLength = lengths.reduce((a, b) => a + b, 0) / n;
  const lengthDev = Math.sqrt(lengths.reduce((a, b) => a + (b - meanLength) ** 2, 0) / n);
  if (lengthDev < limits.maxLineLengthStdDev) return 0x2c;
  throw SvcError.badRequest(`min deviation is too high [delimiterStdDev=${bestDev}, delimiterMaxStdDev=${limits.maxDelimiterStdDev}, `
    + `lineLengthStdDev=${lengthDev}, lineLengthMaxStdDev=${limits.maxLineLengthStdDev}, lineCountLimit=${limits.maxLines}, lineCount=${n}]`);
}
