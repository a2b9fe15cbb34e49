/** Whether `b[s..e)` is well-formed UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF). */
export function isValidUtf8(b: Uint8Array, s: number, e: number): boolean {
  let i = s;
  while (i < e) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let n: number;
    let min: number;
    if ((c & 0xe0) === 0xc0) { n = 1; min = 0x80; } else if ((c & 0xf0) === 0xe0) { n = 2; min = 0x800; } else if ((c & 0xf8) === 0xf0) { n = 3; min = 0x10000; } else return false;
    if (i + n >= e) return false;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const x = b[i + k];
      if ((x & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (x & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += n + 1;
  }
  return true;
}
