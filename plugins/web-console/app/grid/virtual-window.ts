/**
 * Which rows of a result are in view. The body is `rowCount × rowHeight` pixels tall, up to
 * MAX_BODY_HEIGHT (browsers cannot make taller boxes; 8M px is 300k rows): past that the scroll position
 * maps proportionally onto the rows, and rows are laid out from the top of the view.
 */
export const MAX_BODY_HEIGHT = 8_000_000;

export interface VirtualWindow {
  /** First row to render (overscan included). */
  readonly first: number;
  /** One past the last row to render. */
  readonly last: number;
  /** Offset of row `first` from the top of the body, in px. */
  readonly top: number;
  readonly bodyHeight: number;
}

export interface WindowInput {
  readonly scrollTop: number;
  /** Height of the rows' part of the view (without the header). */
  readonly viewportHeight: number;
  readonly rowCount: number;
  readonly rowHeight: number;
  readonly overscan?: number;
  readonly maxBodyHeight?: number;
}

export function virtualWindow(input: WindowInput): VirtualWindow {
  const { scrollTop, viewportHeight, rowCount, rowHeight } = input;
  const overscan = input.overscan ?? 4;
  const max = input.maxBodyHeight ?? MAX_BODY_HEIGHT;
  const natural = rowCount * rowHeight;
  const bodyHeight = Math.min(natural, max);
  const fits = Math.max(1, Math.floor(viewportHeight / rowHeight));
  let firstVisible: number;
  let firstTop: number;
  if (natural <= max) {
    firstVisible = Math.max(0, Math.min(rowCount - 1, Math.floor(Math.max(0, scrollTop) / rowHeight)));
    firstTop = firstVisible * rowHeight;
  } else {
    const range = Math.max(1, bodyHeight - viewportHeight);
    const ratio = Math.min(1, Math.max(0, scrollTop / range));
    firstVisible = Math.round(ratio * Math.max(0, rowCount - fits));
    firstTop = Math.min(Math.max(0, scrollTop), range);
  }
  const first = Math.max(0, firstVisible - overscan);
  const last = Math.min(rowCount, firstVisible + fits + 1 + overscan);
  return { first, last, top: firstTop - (firstVisible - first) * rowHeight, bodyHeight };
}

/** The scroll position that shows `row` at the top of the view (the inverse of virtualWindow). */
export function scrollTopFor(row: number, input: Omit<WindowInput, 'scrollTop'>): number {
  const { viewportHeight, rowCount, rowHeight } = input;
  const max = input.maxBodyHeight ?? MAX_BODY_HEIGHT;
  const natural = rowCount * rowHeight;
  if (natural <= max) return row * rowHeight;
  const fits = Math.max(1, Math.floor(viewportHeight / rowHeight));
  const range = Math.max(1, max - viewportHeight);
  return Math.round((row / Math.max(1, rowCount - fits)) * range);
}
