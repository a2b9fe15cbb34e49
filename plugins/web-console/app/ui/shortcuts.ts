/**
 * Keyboard shortcuts of the whole page (the editor has its own: Ctrl/Cmd+Enter, Esc, Ctrl+Space, Ctrl+F):
 * Alt+1 editor, Alt+2 results, Alt+3 schema, Alt+4 history, Alt+5 import, Alt+C chart, Alt+T theme,
 * Esc cancels a running query from anywhere.
 */
export interface ShortcutActions {
  readonly focusEditor: () => void;
  readonly focusResults: () => void;
  readonly openSchema: () => void;
  readonly openHistory: () => void;
  readonly openImport: () => void;
  readonly toggleChart: () => void;
  readonly toggleTheme: () => void;
  readonly cancel: () => boolean;
}

export function installShortcuts(actions: ShortcutActions): void {
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      if (actions.cancel()) e.preventDefault();
      return;
    }
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    const byCode: Record<string, (() => unknown) | undefined> = {
      Digit1: actions.focusEditor, Digit2: actions.focusResults, Digit3: actions.openSchema, Digit4: actions.openHistory,
      Digit5: actions.openImport, KeyC: actions.toggleChart, KeyT: actions.toggleTheme,
    };
    const action = byCode[e.code];
    if (!action) return;
    e.preventDefault();
    action();
  });
}
