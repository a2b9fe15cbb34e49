/** Where a key moves the grid's active cell: arrows, Page Up/Down, Home/End (row), Ctrl+Home/End (result). */
export interface CellPosition {
  readonly row: number;
  readonly col: number;
}

export interface GridSize {
  readonly rows: number;
  readonly cols: number;
  /** Rows one Page Up/Down moves. */
  readonly page: number;
}

/** The new position, or undefined when the key does not move the active cell. */
export function nextCell(key: string, ctrlOrMeta: boolean, at: CellPosition, size: GridSize): CellPosition | undefined {
  let { row, col } = at;
  switch (key) {
    case 'ArrowDown': row++; break;
    case 'ArrowUp': row--; break;
    case 'ArrowRight': col++; break;
    case 'ArrowLeft': col--; break;
    case 'PageDown': row += size.page; break;
    case 'PageUp': row -= size.page; break;
    case 'Home': if (ctrlOrMeta) row = 0; else col = 0; break;
    case 'End': if (ctrlOrMeta) row = size.rows - 1; else col = size.cols - 1; break;
    default: return undefined;
  }
  return { row: Math.max(0, Math.min(size.rows - 1, row)), col: Math.max(0, Math.min(size.cols - 1, col)) };
}
