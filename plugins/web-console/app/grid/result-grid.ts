/**
 * The results grid. One scroll box holds a sticky header (name and type of each column) and a body as tall
 * as the result; only the rows in view (and a few around them) exist in the DOM, absolutely placed and
 * reused while scrolling. Rows come from RowPages, which fetches the pages in view after scrolling pauses.
 * Keyboard: arrows, Page Up/Down, Home/End, Ctrl+Home/End move the active cell; Ctrl/Cmd+C or a
 * double click copies it.
 */
import { ExecColumn } from '../api/exec-answer';
import { copyText } from '../ui/clipboard';
import { toast } from '../ui/toast';
import { cellText, isNull, isNumericType } from './cell-text';
import { gridHeader } from './grid-header';
import { nextCell } from './grid-navigation';
import { RowPages } from './row-pages';
import { scrollTopFor, virtualWindow } from './virtual-window';

export const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 44;
const FETCH_PAUSE_MS = 60;

interface PooledRow {
  readonly el: HTMLDivElement;
  readonly rownum: HTMLDivElement;
  readonly cells: HTMLDivElement[];
  index: number;
  filled: boolean;
}

export interface GridOptions {
  readonly columns: readonly ExecColumn[];
  readonly rowCount: number;
  readonly pages: RowPages;
  readonly widths: readonly number[];
}

export class ResultGrid {
  readonly element: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly pool: PooledRow[] = [];
  private readonly numeric: boolean[];
  private readonly rownumWidth: number;
  private readonly observer: ResizeObserver;
  private activeRow = -1;
  private activeCol = -1;
  private frame = 0;
  private fetchTimer: number | undefined;

  constructor(private readonly options: GridOptions) {
    const { columns, rowCount, widths } = options;
    this.numeric = columns.map((c) => isNumericType(c.type));
    this.rownumWidth = Math.max(44, String(rowCount).length * 7 + 20);
    const totalWidth = this.rownumWidth + widths.reduce((a, b) => a + b, 0);
    this.element = document.createElement('div');
    this.element.className = 'grid';
    this.element.tabIndex = 0;
    this.element.dataset.test = 'grid';
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-rowcount', String(rowCount + 1));
    this.element.setAttribute('aria-colcount', String(columns.length));
    this.element.setAttribute('aria-label', 'Query result');
    this.element.append(gridHeader(columns, widths, this.numeric, this.rownumWidth, totalWidth));
    this.body = document.createElement('div');
    this.body.className = 'grid-body';
    this.body.style.width = `${totalWidth}px`;
    this.element.append(this.body);
    this.element.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.element.addEventListener('focus', () => { if (this.activeRow < 0 && rowCount > 0) this.setActive(0, 0); });
    this.body.addEventListener('mousedown', (e) => this.onPointer(e));
    this.body.addEventListener('dblclick', () => void this.copyActive());
    this.observer = new ResizeObserver(() => this.schedule());
    this.observer.observe(this.element);
  }

  /** Paints the rows in view now (the grid must be in the document). */
  render(): void {
    this.frame = 0;
    const { rowCount, pages } = this.options;
    const viewportHeight = Math.max(ROW_HEIGHT, this.element.clientHeight - HEADER_HEIGHT);
    const w = virtualWindow({ scrollTop: this.element.scrollTop, viewportHeight, rowCount, rowHeight: ROW_HEIGHT });
    this.body.style.height = `${w.bodyHeight}px`;
    const needed = w.last - w.first;
    while (this.pool.length < needed) this.pool.push(this.newRow());
    while (this.pool.length > needed) this.pool.pop()?.el.remove();
    let missing = false;
    for (let k = 0; k < needed; k++) {
      const item = this.pool[k];
      const index = w.first + k;
      const row = pages.row(index);
      if (!row) missing = true;
      if (item.index !== index || item.filled !== (row !== undefined)) this.fill(item, index, row);
      item.el.style.transform = `translateY(${w.top + k * ROW_HEIGHT}px)`;
    }
    window.clearTimeout(this.fetchTimer);
    if (missing) this.fetchTimer = window.setTimeout(() => pages.request(w.first, w.last), FETCH_PAUSE_MS);
  }

  /** Repaints soon (after scrolling, resizing or a page arriving). */
  schedule(): void {
    if (this.frame === 0) this.frame = window.requestAnimationFrame(() => this.render());
  }

  dispose(): void {
    this.observer.disconnect();
    window.cancelAnimationFrame(this.frame);
    window.clearTimeout(this.fetchTimer);
    this.options.pages.dispose();
  }

  private newRow(): PooledRow {
    const el = document.createElement('div');
    el.className = 'grid-row';
    el.dataset.test = 'grid-row';
    el.setAttribute('role', 'row');
    el.style.width = this.body.style.width;
    const rownum = document.createElement('div');
    rownum.className = 'grid-rownum';
    rownum.style.width = `${this.rownumWidth}px`;
    el.append(rownum);
    const cells = this.options.widths.map((width, i) => {
      const cell = document.createElement('div');
      cell.className = 'grid-cell';
      cell.setAttribute('role', 'gridcell');
      cell.dataset.col = String(i);
      cell.style.width = `${width}px`;
      el.append(cell);
      return cell;
    });
    this.body.append(el);
    return { el, rownum, cells, index: -1, filled: false };
  }

  private fill(item: PooledRow, index: number, row: readonly unknown[] | undefined): void {
    item.index = index;
    item.filled = row !== undefined;
    item.el.setAttribute('aria-rowindex', String(index + 2));
    item.el.classList.toggle('is-odd', index % 2 === 1);
    item.rownum.textContent = String(index + 1);
    for (let c = 0; c < item.cells.length; c++) {
      const cell = item.cells[c];
      const value = row?.[c];
      const nullValue = row !== undefined && isNull(value);
      cell.textContent = row === undefined ? '…' : cellText(value);
      cell.className = `grid-cell${this.numeric[c] ? ' is-number' : ''}${nullValue ? ' is-null' : ''}${row === undefined ? ' is-loading' : ''}`
        + `${index === this.activeRow && c === this.activeCol ? ' is-active' : ''}`;
    }
  }

  private onPointer(e: MouseEvent): void {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('.grid-cell');
    const rowEl = cell?.parentElement;
    const item = this.pool.find((p) => p.el === rowEl);
    if (!cell || !item) return;
    this.setActive(item.index, Number(cell.dataset.col));
  }

  private onKey(e: KeyboardEvent): void {
    const { rowCount, columns } = this.options;
    if (rowCount === 0) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === 'c' || e.key === 'C')) {
      if ((window.getSelection()?.toString() ?? '') !== '') return;
      e.preventDefault();
      void this.copyActive();
      return;
    }
    const page = Math.max(1, Math.floor((this.element.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const at = { row: Math.max(0, this.activeRow), col: Math.max(0, this.activeCol) };
    const next = nextCell(e.key, mod, at, { rows: rowCount, cols: columns.length, page });
    if (!next) return;
    e.preventDefault();
    this.setActive(next.row, next.col);
    this.reveal();
  }

  private setActive(row: number, col: number): void {
    this.activeRow = row;
    this.activeCol = col;
    for (const item of this.pool) {
      item.cells.forEach((cell, c) => cell.classList.toggle('is-active', item.index === row && c === col));
    }
  }

  /** Scrolls so the active cell is in view. */
  private reveal(): void {
    const { rowCount } = this.options;
    const viewportHeight = Math.max(ROW_HEIGHT, this.element.clientHeight - HEADER_HEIGHT);
    const fits = Math.max(1, Math.floor(viewportHeight / ROW_HEIGHT));
    const w = virtualWindow({ scrollTop: this.element.scrollTop, viewportHeight, rowCount, rowHeight: ROW_HEIGHT, overscan: 0 });
    const input = { viewportHeight, rowCount, rowHeight: ROW_HEIGHT };
    if (this.activeRow < w.first) this.element.scrollTop = scrollTopFor(this.activeRow, input);
    else if (this.activeRow >= w.first + fits) this.element.scrollTop = scrollTopFor(this.activeRow - fits + 1, input);
    const left = this.rownumWidth + this.options.widths.slice(0, this.activeCol).reduce((a, b) => a + b, 0);
    const right = left + this.options.widths[this.activeCol];
    if (left - this.rownumWidth < this.element.scrollLeft) this.element.scrollLeft = left - this.rownumWidth;
    else if (right > this.element.scrollLeft + this.element.clientWidth) this.element.scrollLeft = right - this.element.clientWidth;
    this.schedule();
  }

  private async copyActive(): Promise<void> {
    const row = this.options.pages.row(this.activeRow);
    if (!row || this.activeCol < 0) return;
    const text = cellText(row[this.activeCol]);
    await copyText(text);
    toast(`Copied ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
  }
}
