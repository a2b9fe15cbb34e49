/**
 * The schema panel: every table with its designated timestamp, partitioning and row count; a table
 * expands to its columns and types; clicking a name inserts it into the editor. refresh() reloads it
 * (the console calls it after DDL, inserts and imports) and hands the columns to the editor's completion.
 */
import { ApiClient } from '../api/api-client';
import { SchemaMap } from '../editor/schema-completion';
import { h, replaceChildren } from '../ui/dom';
import { formatCount } from '../ui/format';
import { runLimited } from '../ui/run-limited';
import { loadColumns, loadRowCount, loadTables, TableColumn, TableInfo } from './schema-source';

export interface SchemaPanelEvents {
  /** A table or column name was chosen: insert it into the editor. */
  readonly onInsert: (text: string) => void;
  readonly onSchema: (schema: SchemaMap) => void;
}

interface Entry {
  readonly info: TableInfo;
  readonly item: HTMLLIElement;
  readonly toggle: HTMLButtonElement;
  readonly count: HTMLSpanElement;
  columns?: TableColumn[];
}

function identifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

export class SchemaPanel {
  private readonly list = h('ul', { class: 'schema-list', role: 'tree', 'aria-label': 'Tables' });
  private readonly note = h('div', { class: 'panel-note' });
  private readonly title = h('span', {}, 'Tables');
  private readonly expanded = new Set<string>();
  private generation: AbortController | undefined;

  constructor(private readonly client: ApiClient, private readonly panel: HTMLElement, private readonly events: SchemaPanelEvents) {
    const refresh = h('button', { type: 'button', class: 'button small', title: 'Reload the tables', onclick: () => void this.refresh() }, 'Refresh');
    replaceChildren(panel, h('div', { class: 'panel-header' }, this.title, h('span', { class: 'spacer' }), refresh), this.note, this.list);
  }

  async refresh(): Promise<void> {
    this.generation?.abort();
    const controller = new AbortController();
    this.generation = controller;
    const { signal } = controller;
    this.panel.dataset.state = 'loading';
    let tables: TableInfo[];
    try {
      tables = await loadTables(this.client, signal);
    } catch (e) {
      if (signal.aborted) return;
      this.showNote(`Cannot list the tables: ${e instanceof Error ? e.message : String(e)}`, true);
      this.panel.dataset.state = 'failed';
      return;
    }
    if (signal.aborted) return;
    this.title.textContent = `Tables (${tables.length})`;
    this.showNote(tables.length === 0 ? 'No tables yet. Create one with CREATE TABLE, or import a CSV file.' : '', false);
    const entries = new Map<string, Entry>();
    for (const info of tables) entries.set(info.name, this.entry(info));
    replaceChildren(this.list, ...[...entries.values()].map((e) => e.item));
    await runLimited([...entries.values()], 4, async (entry) => {
      try {
        const [columns, rows] = await Promise.all([loadColumns(this.client, entry.info.name, signal), loadRowCount(this.client, entry.info.name, signal)]);
        if (signal.aborted) return;
        entry.columns = columns;
        entry.count.textContent = Number.isFinite(rows) ? formatCount(rows) : '';
        entry.count.title = Number.isFinite(rows) ? `${formatCount(rows)} rows` : '';
        if (this.expanded.has(entry.info.name)) this.showColumns(entry);
      } catch {
        // A table dropped meanwhile, or a transient error: the entry keeps its name without details.
      }
    });
    if (signal.aborted) return;
    this.panel.dataset.state = 'ready';
    this.events.onSchema(new Map([...entries.values()].map((e) => [e.info.name, e.columns ?? []])));
  }

  private showNote(text: string, error: boolean): void {
    this.note.textContent = text;
    this.note.hidden = text === '';
    this.note.classList.toggle('is-error', error);
  }

  private entry(info: TableInfo): Entry {
    const meta = [info.designatedTimestamp ?? 'no timestamp', info.partitionBy, info.walEnabled ? 'WAL' : undefined]
      .filter((s) => s !== undefined).join(' · ');
    const described = `${info.designatedTimestamp ? `designated timestamp ${info.designatedTimestamp}` : 'no designated timestamp'}, `
      + `partitioned by ${info.partitionBy}${info.walEnabled ? ', WAL' : ''}`;
    const toggle = h('button', { type: 'button', class: 'schema-toggle', 'aria-expanded': 'false', 'aria-label': `Columns of ${info.name}` });
    const name = h('button', { type: 'button', class: 'schema-name', title: `Insert ${info.name} into the editor` },
      h('span', { class: 'table-name' }, info.name), h('span', { class: 'schema-meta', title: described }, meta));
    const count = h('span', { class: 'schema-count' });
    const item = h('li', { class: 'schema-table', 'data-test': 'schema-table', role: 'treeitem', 'data-table': info.name },
      h('div', { class: 'schema-row' }, toggle, name, count));
    const entry: Entry = { info, item, toggle, count };
    name.addEventListener('click', () => this.events.onInsert(identifier(info.name)));
    toggle.addEventListener('click', () => {
      if (this.expanded.has(info.name)) this.expanded.delete(info.name);
      else this.expanded.add(info.name);
      this.showColumns(entry);
    });
    return entry;
  }

  private showColumns(entry: Entry): void {
    const open = this.expanded.has(entry.info.name);
    entry.toggle.setAttribute('aria-expanded', String(open));
    entry.item.querySelector('.schema-columns')?.remove();
    if (!open) return;
    const columns = entry.columns;
    const list = h('ul', { class: 'schema-columns', role: 'group' });
    if (!columns) list.append(h('li', { class: 'panel-note' }, 'Loading…'));
    for (const c of columns ?? []) {
      const button = h('button', { type: 'button', class: `schema-column${c.designated ? ' is-designated' : ''}`, 'data-test': 'schema-column', title: c.designated ? 'designated timestamp' : undefined },
        h('span', { class: 'column-name' }, c.name), h('span', { class: 'column-type' }, c.type));
      button.addEventListener('click', () => this.events.onInsert(identifier(c.name)));
      list.append(h('li', { role: 'treeitem' }, button));
    }
    entry.item.append(list);
    if (!columns) void loadColumns(this.client, entry.info.name).then((loaded) => { entry.columns = loaded; this.showColumns(entry); }, () => undefined);
  }
}
