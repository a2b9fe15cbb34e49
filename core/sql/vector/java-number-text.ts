/**
 * Numbers as QuestDB prints them in text (casts to STRING, error messages): doubles in Java's style —
 * plain with at least one fraction digit between 1e-3 and 1e7 (`5.0`, `0.25`), scientific with `E`
 * otherwise (`3.0E10`, `1.5E-7`); a FLOAT with the shortest digits that read back as the same float.
 */

/** A DOUBLE's text; NaN and the infinities as Java prints them. */
export function doubleText(v: number): string {
  if (v !== v) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const a = v < 0 ? -v : v;
  if (a >= 1e-3 && a < 1e7) {
    const s = String(v);
    return s.indexOf('.') < 0 ? `${s}.0` : s;
  }
  const s = v.toExponential();
  const e = s.indexOf('e');
  const mantissa = s.slice(0, e);
  const exp = s.charCodeAt(e + 1) === 43 ? s.slice(e + 2) : s.slice(e + 1);
  return `${mantissa.indexOf('.') < 0 ? `${mantissa}.0` : mantissa}E${exp}`;
}

/** A FLOAT's text: the shortest digits that read back to the same 32-bit value (`0.1`, `3.4028235E38`). */
export function floatText(v: number): string {
  if (v !== v || v === Infinity || v === -Infinity || v === 0) return doubleText(v);
  for (let precision = 1; precision <= 9; precision++) {
    const candidate = Number(v.toPrecision(precision));
    if (Math.fround(candidate) === v) return doubleText(candidate);
  }
  return doubleText(v);
}
