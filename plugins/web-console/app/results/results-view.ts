/**
 * The results area: the toolbar (row count, timings, chart toggle, CSV and Parquet export) and the grid,
 * the chart, a statement's outcome or an error. A result's rows are fetched page by page (RowPages); the
 * chart reads up to CHART_MAX_ROWS rows of the same query.
 */
import { ApiClient } from '../api/api-client';
import { ExecColumn, RowsAnswer, StatementAnswer } from '../api/exec-answer';
import { execPage } from '../api/exec-client';
import { downloadExport, ExportFormat } from '../api/export-download';
import { chartData } from '../chart/chart-data';
import { ChartShape, chartShape } from '../chart/chart-shape';
import { ResultChart } from '../chart/result-chart';
import { columnWidths } from '../grid/column-widths';
import { ResultGrid } from '../grid/result-grid';
import { RowPages, Rows } from '../grid/row-pages';
import { h, replaceChildren } from '../ui/dom';
import { formatCount, plural } from '../ui/format';
import { toast } from '../ui/toast';
import { timingText } from './timing-text';

export const PAGE_SIZE = 1000;
const MAX_PAGES = 12;
export const CHART_MAX_ROWS = 50_000;
const CHART_PAGE = 10_000;

export interface ResultsElements {
  readonly body: HTMLElement;
  readonly rowCount: HTMLElement;
  readonly timing: HTMLElement;
  readonly chartToggle: HTMLButtonElement;
  readonly exportCsv: HTMLButtonElement;
  readonly exportParquet: HTMLButtonElement;
}

interface Shown {
  readonly sql: string;
  readonly answer: RowsAnswer;
  readonly grid: ResultGrid;
  readonly shape?: ChartShape;
  chart?: ResultChart;
  chartOn: boolean;
  readonly chartAbort: AbortController;
}

export class ResultsView {
  private shown: Shown | undefined;

  constructor(private readonly client: ApiClient, private readonly els: ResultsElements) {
    els.chartToggle.addEventListener('click', () => void this.toggleChart());
    els.exportCsv.addEventListener('click', () => void this.export('csv'));
    els.exportParquet.addEventListener('click', () => void this.export('parquet'));
  }

  showRows(sql: string, answer: RowsAnswer, roundTripMs: number): void {
    this.reset();
    const { columns, count } = answer;
    const pages = new RowPages({
      rowCount: count, pageSize: PAGE_SIZE, maxPages: MAX_PAGES,
      load: (from, to, signal) => this.loadRows(sql, columns, from, to, signal),
      onLoad: () => this.shown?.grid.schedule(),
      onError: (e) => toast(`Could not fetch rows: ${e instanceof Error ? e.message : String(e)}`),
    });
    pages.seed(answer.dataset);
    const grid = new ResultGrid({ columns, rowCount: count, pages, widths: columnWidths(columns, answer.dataset) });
    const shape = chartShape(columns, answer.timestamp);
    this.shown = { sql, answer, grid, shape, chartOn: false, chartAbort: new AbortController() };
    replaceChildren(this.els.body, grid.element);
    grid.render();
    this.els.rowCount.textContent = plural(count, 'row');
    this.setTiming(answer, roundTripMs);
    this.els.chartToggle.disabled = shape === undefined || count === 0;
    this.els.chartToggle.title = shape ? 'Plot the result (Alt+C)' : 'A chart needs a timestamp column and a numeric column';
    this.els.exportCsv.disabled = false;
    this.els.exportParquet.disabled = false;
  }

  showStatement(answer: StatementAnswer, roundTripMs: number): void {
    this.reset();
    const text = answer.kind === 'ddl' ? 'Done.' : answer.updated !== undefined ? `${plural(answer.updated, 'row')} updated.` : 'Rows written.';
    replaceChildren(this.els.body, h('div', { class: 'message is-ok', 'data-test': 'statement-result' }, text));
    this.els.rowCount.textContent = answer.kind === 'ddl' ? 'OK' : answer.updated !== undefined ? plural(answer.updated, 'row') + ' updated' : 'OK';
    this.setTiming(undefined, roundTripMs);
  }

  /** `where` is "line L, column C" of the error in the editor, when known. */
  showError(message: string, where: string | undefined, roundTripMs?: number): void {
    this.reset();
    replaceChildren(this.els.body, h('div', { class: 'error-box', role: 'alert' },
      h('span', { class: 'error-title' }, where ? `Error at ${where}` : 'Error'),
      h('span', { 'data-test': 'error' }, message)));
    if (roundTripMs !== undefined) this.setTiming(undefined, roundTripMs);
  }

  showCancelled(): void {
    this.reset();
    replaceChildren(this.els.body, h('div', { class: 'message', 'data-test': 'cancelled' }, 'The query was cancelled.'));
  }

  focusGrid(): void {
    if (this.shown && !this.shown.chartOn) this.shown.grid.element.focus();
  }

  async toggleChart(): Promise<void> {
    const shown = this.shown;
    if (!shown?.shape) return;
    shown.chartOn = !shown.chartOn;
    this.els.chartToggle.textContent = shown.chartOn ? 'Grid' : 'Chart';
    this.els.chartToggle.classList.toggle('is-active', shown.chartOn);
    if (!shown.chartOn) {
      shown.chart?.element.remove();
      shown.grid.element.hidden = false;
      shown.grid.schedule();
      return;
    }
    shown.grid.element.hidden = true;
    if (!shown.chart) {
      const loading = h('div', { class: 'empty-state' }, 'Reading rows for the chart…');
      this.els.body.append(loading);
      try {
        shown.chart = await this.buildChart(shown);
      } catch (e) {
        if (!shown.chartAbort.signal.aborted) toast(`Cannot draw the chart: ${e instanceof Error ? e.message : String(e)}`);
        return;
      } finally {
        loading.remove();
      }
    }
    if (this.shown !== shown || !shown.chartOn) return;
    this.els.body.append(shown.chart.element);
    await shown.chart.draw();
  }

  private async buildChart(shown: Shown): Promise<ResultChart> {
    const { sql, answer } = shown;
    const total = Math.min(answer.count, CHART_MAX_ROWS);
    const rows: (readonly unknown[])[] = answer.dataset.slice(0, total);
    for (let from = rows.length; from < total; from += CHART_PAGE) {
      rows.push(...await this.loadRows(sql, answer.columns, from, Math.min(total, from + CHART_PAGE), shown.chartAbort.signal));
    }
    const data = chartData(shown.shape as ChartShape, answer.columns, rows);
    const notes: string[] = [];
    if (answer.count > total) notes.push(`The first ${formatCount(total)} of ${formatCount(answer.count)} rows.`);
    if (data.droppedKeys > 0) notes.push(`${plural(data.droppedKeys, 'more key')} not drawn.`);
    notes.push('Drag to zoom, double-click to zoom out.');
    return new ResultChart(data, notes.join(' '));
  }

  private async loadRows(sql: string, columns: readonly ExecColumn[], from: number, to: number, signal: AbortSignal): Promise<Rows> {
    const answer = await execPage(this.client, sql, { from, to, columns, signal });
    if (answer.kind !== 'rows') throw new Error(answer.kind === 'error' ? answer.message : 'the query no longer returns rows');
    return answer.dataset;
  }

  private async export(format: ExportFormat): Promise<void> {
    if (!this.shown) return;
    try {
      await downloadExport(this.client, this.shown.sql, format);
      toast(`Downloading ${format === 'csv' ? 'CSV' : 'Parquet'}…`);
    } catch (e) {
      toast(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private setTiming(answer: RowsAnswer | undefined, roundTripMs: number): void {
    const t = timingText(answer?.timings, roundTripMs);
    this.els.timing.textContent = t.text;
    this.els.timing.title = t.detail;
  }

  private reset(): void {
    if (this.shown) {
      this.shown.chartAbort.abort();
      this.shown.grid.dispose();
      this.shown.chart?.dispose();
      this.shown = undefined;
    }
    this.els.rowCount.textContent = '';
    this.els.timing.textContent = '';
    this.els.timing.title = '';
    this.els.chartToggle.disabled = true;
    this.els.chartToggle.textContent = 'Chart';
    this.els.chartToggle.classList.remove('is-active');
    this.els.exportCsv.disabled = true;
    this.els.exportParquet.disabled = true;
  }
}
