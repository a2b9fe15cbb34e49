/**
 * Import: drop a CSV file (or choose one) and it goes to POST /imp with a progress bar for the bytes
 * sent, then the server's summary. /chk is asked first; when the table exists the user chooses to append
 * to it or to overwrite it. Table name, designated timestamp and partitioning are optional.
 */
import { ApiClient } from '../api/api-client';
import { ImportSummary, uploadCsv } from '../api/import-upload';
import { tableStatus } from '../api/table-status';
import { h, replaceChildren } from '../ui/dom';
import { formatBytes } from '../ui/format';
import { importResultView } from './import-result-view';

export interface ImportEvents {
  readonly onImported: (table: string) => void;
  readonly onQuery: (sql: string) => void;
}

type Choice = 'append' | 'overwrite' | 'cancel';
const PARTITIONS = ['NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/** `trades.csv` → `trades`. */
export function tableNameFor(fileName: string): string {
  return fileName.replace(/\.(csv|tsv|txt|psv)$/i, '') || fileName;
}

function identifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

export class ImportPanel {
  readonly input = h('input', { type: 'file', 'data-test': 'import-input', accept: '.csv,.tsv,.txt,.psv,text/csv,text/plain', 'aria-label': 'CSV file to import' });
  private readonly zone: HTMLLabelElement;
  private readonly name = h('input', { type: 'text', placeholder: 'from the file name', 'aria-label': 'Table name' });
  private readonly timestamp = h('input', { type: 'text', placeholder: 'none', 'aria-label': 'Designated timestamp column' });
  private readonly partition = h('select', { 'aria-label': 'Partition by' }, ...PARTITIONS.map((p) => h('option', { value: p }, p)));
  private readonly status = h('div', { class: 'import-status', 'aria-live': 'polite' });
  private busy = false;

  constructor(private readonly client: ApiClient, panel: HTMLElement, private readonly events: ImportEvents) {
    this.zone = h('label', { class: 'drop-zone' },
      this.input, h('strong', {}, 'Drop a CSV file here'), h('span', {}, 'or press to choose one'),
      h('span', { class: 'panel-note' }, 'The server detects the delimiter, the header and the column types.'));
    this.input.addEventListener('change', () => {
      const file = this.input.files?.[0];
      if (file) void this.importFile(file);
      this.input.value = '';
    });
    for (const type of ['dragenter', 'dragover']) this.zone.addEventListener(type, (e) => { e.preventDefault(); this.zone.classList.add('is-over'); });
    for (const type of ['dragleave', 'drop']) this.zone.addEventListener(type, () => this.zone.classList.remove('is-over'));
    const options = h('div', { class: 'import-options' },
      h('label', { class: 'field wide' }, 'Table name', this.name),
      h('label', { class: 'field' }, 'Timestamp column', this.timestamp),
      h('label', { class: 'field' }, 'Partition by', this.partition));
    replaceChildren(panel, h('div', { class: 'panel-header' }, 'Import CSV'), h('div', { class: 'import' }, this.zone, options, this.status));
  }

  async importFile(file: File): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.run(file);
    } catch (e) {
      this.show(h('div', { class: 'import-result', 'data-test': 'import-result', role: 'status' },
        h('div', { class: 'import-result-head' }, h('span', { class: 'status-error' }, 'Import failed'), h('span', {}, e instanceof Error ? e.message : String(e)))));
    } finally {
      this.busy = false;
    }
  }

  private async run(file: File): Promise<void> {
    const table = this.name.value.trim() || tableNameFor(file.name);
    const exists = await tableStatus(this.client, table);
    if (exists === 'Reserved name') throw new Error(`${table} is a reserved name: choose another table name`);
    let overwrite = false;
    if (exists === 'Exists') {
      const choice = await this.ask(table);
      if (choice === 'cancel') {
        this.show(h('div', { class: 'panel-note' }, `Import of ${file.name} cancelled.`));
        return;
      }
      overwrite = choice === 'overwrite';
    }
    const { summary, progress } = await this.upload(file, table, overwrite);
    this.show(progress, importResultView(summary, table, () => this.events.onQuery(`select * from ${identifier(summary.location ?? table)};`)));
    if (summary.ok) this.events.onImported(summary.location ?? table);
  }

  private ask(table: string): Promise<Choice> {
    return new Promise((resolve) => {
      const button = (label: string, choice: Choice, extra = ''): HTMLButtonElement =>
        h('button', { type: 'button', class: `button small ${extra}`, 'data-test': `import-${choice}`, onclick: () => resolve(choice) }, label);
      const append = button('Append', 'append', 'primary');
      this.show(h('div', { class: 'import-choice', role: 'group', 'aria-label': 'The table exists' },
        h('span', {}, h('strong', {}, table), ' already exists. Add the rows to it, or replace it?'),
        h('div', { class: 'actions' }, append, button('Overwrite', 'overwrite', 'danger'), button('Cancel', 'cancel'))));
      append.focus();
    });
  }

  private async upload(file: File, table: string, overwrite: boolean): Promise<{ summary: ImportSummary; progress: HTMLElement }> {
    const bar = h('progress', { 'data-test': 'import-progress', max: 100, value: 0 });
    const label = h('span', {}, `Uploading ${file.name}…`);
    const progress = h('div', { class: 'import-progress' }, label, bar);
    this.show(progress);
    const partition = this.partition.value;
    const upload = uploadCsv(this.client, {
      file, table, overwrite,
      timestamp: this.timestamp.value.trim() || undefined,
      partitionBy: partition === 'NONE' ? undefined : partition,
      onProgress: (loaded, total) => {
        bar.value = total > 0 ? (loaded / total) * 100 : 0;
        label.textContent = loaded >= total
          ? `Uploaded ${formatBytes(total)}; the server is writing ${table}…`
          : `Uploading ${file.name}: ${formatBytes(loaded)} of ${formatBytes(total)}`;
      },
    });
    const summary = await upload.done;
    bar.value = 100;
    label.textContent = `Sent ${file.name} (${formatBytes(file.size)})`;
    return { summary, progress };
  }

  private show(...content: HTMLElement[]): void {
    replaceChildren(this.status, ...content);
  }
}
