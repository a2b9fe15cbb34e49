/**
 * The rows of one result, fetched page by page (`limit=lo,hi`) as the grid needs them and kept in a small
 * LRU, so the browser never holds the whole result: at most `maxPages × pageSize` rows. Pages in flight
 * are not asked for twice; dispose() aborts them.
 */
export type Rows = readonly (readonly unknown[])[];
export type PageLoader = (from: number, to: number, signal: AbortSignal) => Promise<Rows>;

export interface RowPagesOptions {
  readonly rowCount: number;
  readonly pageSize: number;
  readonly maxPages: number;
  readonly load: PageLoader;
  /** A page arrived: the grid repaints. */
  readonly onLoad: () => void;
  readonly onError: (e: unknown) => void;
}

export class RowPages {
  private readonly pages = new Map<number, Rows>();
  private readonly inFlight = new Set<number>();
  private readonly controller = new AbortController();

  constructor(private readonly options: RowPagesOptions) {}

  /** Puts rows that came with the first answer in place (they start at row 0). */
  seed(rows: Rows): void {
    const { pageSize } = this.options;
    for (let p = 0; p * pageSize < rows.length; p++) this.keep(p, rows.slice(p * pageSize, (p + 1) * pageSize));
  }

  /** The row, or undefined while its page is not loaded. */
  row(index: number): readonly unknown[] | undefined {
    const p = Math.floor(index / this.options.pageSize);
    const page = this.pages.get(p);
    return page?.[index - p * this.options.pageSize];
  }

  /** Loads the pages covering rows [first, last) that are neither loaded nor in flight. */
  request(first: number, last: number): void {
    const { pageSize, rowCount } = this.options;
    const end = Math.min(last, rowCount);
    for (let p = Math.floor(first / pageSize); p * pageSize < end; p++) {
      const page = this.pages.get(p);
      if (page) {
        this.pages.delete(p);
        this.pages.set(p, page);
        continue;
      }
      if (!this.inFlight.has(p)) void this.fetch(p);
    }
  }

  get loadedPages(): number {
    return this.pages.size;
  }

  dispose(): void {
    this.controller.abort();
  }

  private async fetch(p: number): Promise<void> {
    const { pageSize, rowCount, load } = this.options;
    this.inFlight.add(p);
    try {
      const rows = await load(p * pageSize, Math.min(rowCount, (p + 1) * pageSize), this.controller.signal);
      this.keep(p, rows);
      this.options.onLoad();
    } catch (e) {
      if (!this.controller.signal.aborted) this.options.onError(e);
    } finally {
      this.inFlight.delete(p);
    }
  }

  private keep(p: number, rows: Rows): void {
    this.pages.delete(p);
    this.pages.set(p, rows);
    while (this.pages.size > this.options.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }
}
