/** localStorage that never throws (private windows, quota, disabled storage): the console works without it. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this page only.
  }
}

export function readStoredJson(key: string): unknown {
  const text = readStored(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const STORE_KEYS = Object.freeze({
  buffer: 'svc.console.buffer',
  history: 'svc.console.history',
  theme: 'svc.console.theme',
  editorHeight: 'svc.console.editorHeight',
});
