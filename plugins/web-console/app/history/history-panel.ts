/** The history list: each query with its outcome, rows and time; choosing one runs it again. */
import { h, replaceChildren } from '../ui/dom';
import { formatClock, formatMillis, plural } from '../ui/format';
import { HistoryEntry, QueryHistory } from './query-history';

export interface HistoryEvents {
  readonly onRerun: (sql: string) => void;
  readonly onInsert: (sql: string) => void;
}

function describe(e: HistoryEntry): string {
  const when = formatClock(e.at);
  switch (e.outcome) {
    case 'rows': return `${plural(e.rows ?? 0, 'row')} · ${formatMillis(e.ms)} · ${when}`;
    case 'ok': return `OK · ${formatMillis(e.ms)} · ${when}`;
    case 'cancelled': return `cancelled after ${formatMillis(e.ms)} · ${when}`;
    case 'error': return `${e.message ?? 'error'} · ${when}`;
  }
}

export class HistoryPanel {
  private readonly list = h('ul', { class: 'history-list', 'data-test': 'history', 'aria-label': 'Query history' });
  private readonly title = h('span', {}, 'History');
  private readonly empty = h('div', { class: 'panel-note' }, 'Queries you run appear here, with their time and row count.');

  constructor(private readonly history: QueryHistory, panel: HTMLElement, private readonly events: HistoryEvents) {
    const clear = h('button', { type: 'button', class: 'button small', title: 'Forget the history', onclick: () => history.clear() }, 'Clear');
    replaceChildren(panel, h('div', { class: 'panel-header' }, this.title, h('span', { class: 'spacer' }), clear), this.empty, this.list);
    history.onChange(() => this.render());
    this.render();
  }

  private render(): void {
    const entries = this.history.entries;
    this.title.textContent = `History (${entries.length})`;
    this.empty.hidden = entries.length > 0;
    replaceChildren(this.list, ...entries.map((e) => {
      const rerun = h('button', { type: 'button', class: 'history-entry', 'data-test': 'history-entry', title: 'Run again' },
        h('span', { class: 'history-sql' }, e.sql),
        h('span', { class: `history-meta${e.outcome === 'error' ? ' is-error' : ''}` }, describe(e)));
      rerun.addEventListener('click', () => this.events.onRerun(e.sql));
      const insert = h('button', { type: 'button', class: 'button small history-insert', title: 'Put it into the editor' }, 'Edit');
      insert.addEventListener('click', () => this.events.onInsert(e.sql));
      return h('li', { class: 'history-item' }, h('div', { class: 'history-row' }, rerun, insert));
    }));
  }
}
