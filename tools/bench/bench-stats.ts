/** Small helpers of the bench report: medians, millisecond formatting, markdown tables, geometric means. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

export function fmtMs(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function geometricMean(xs: readonly number[]): number {
  const ok = xs.filter((x) => x > 0 && Number.isFinite(x));
  return ok.length === 0 ? NaN : Math.exp(ok.reduce((s, x) => s + Math.log(x), 0) / ok.length);
}
