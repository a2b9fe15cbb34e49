/** The sidebar's tabs (Schema, History, Import): arrow keys move between them, as ARIA tabs do. */
export type TabName = 'schema' | 'history' | 'import';
const ORDER: readonly TabName[] = ['schema', 'history', 'import'];

export class SidebarTabs {
  constructor(private readonly root: Document = document) {
    for (const name of ORDER) {
      const tab = this.tab(name);
      tab.addEventListener('click', () => this.select(name));
      tab.addEventListener('keydown', (e) => {
        const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (step === 0) return;
        e.preventDefault();
        const next = ORDER[(ORDER.indexOf(name) + step + ORDER.length) % ORDER.length];
        this.select(next);
        this.tab(next).focus();
      });
    }
  }

  select(name: TabName): void {
    for (const other of ORDER) {
      const selected = other === name;
      const tab = this.tab(other);
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = this.root.getElementById(`panel-${other}`);
      if (panel) panel.hidden = !selected;
    }
  }

  /** Selects a tab and moves the focus into its panel. */
  open(name: TabName): void {
    this.select(name);
    const panel = this.root.getElementById(`panel-${name}`);
    panel?.querySelector<HTMLElement>('button, input, select, [tabindex="0"]')?.focus();
  }

  private tab(name: TabName): HTMLElement {
    const tab = this.root.getElementById(`tab-${name}`);
    if (!tab) throw new Error(`the page has no #tab-${name}`);
    return tab;
  }
}
