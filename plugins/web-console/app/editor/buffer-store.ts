/** The editor's text kept in localStorage, saved a moment after typing stops, so a reload loses nothing. */
import { readStored, STORE_KEYS, writeStored } from '../ui/local-store';

export const WELCOME_TEXT = `-- Ctrl+Enter (Cmd+Enter) runs the statement under the cursor, or the selection.
-- Statements end with a semicolon; table and column names complete with Ctrl+Space.

select x, x * x as square, rnd_double() as noise
from long_sequence(10);
`;

export class BufferStore {
  private timer: number | undefined;

  load(): string {
    return readStored(STORE_KEYS.buffer) ?? WELCOME_TEXT;
  }

  saveSoon(text: string): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => writeStored(STORE_KEYS.buffer, text), 250);
  }

  saveNow(text: string): void {
    window.clearTimeout(this.timer);
    writeStored(STORE_KEYS.buffer, text);
  }
}
