/** Column widths from the header and a sample of values, in px, so most values show whole. */
import { ExecColumn } from '../api/exec-answer';
import { cellText } from './cell-text';

const MONO_CHAR_PX = 7.6;
const UI_CHAR_PX = 7.9;
const PADDING_PX = 22;
export const MIN_WIDTH = 64;
export const MAX_WIDTH = 460;

export function columnWidths(columns: readonly ExecColumn[], sample: readonly (readonly unknown[])[]): number[] {
  return columns.map((c, i) => {
    let chars = 0;
    for (let r = 0; r < sample.length && r < 200; r++) chars = Math.max(chars, cellText(sample[r][i]).length);
    const px = Math.max(c.name.length * UI_CHAR_PX, c.type.length * 7, chars * MONO_CHAR_PX) + PADDING_PX;
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
  });
}
