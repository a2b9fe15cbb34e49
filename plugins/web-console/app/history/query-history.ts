/** The queries run from this browser, newest first, with what happened, kept in localStorage (200 at most). */
import { readStoredJson, STORE_KEYS, writeStored } from '../ui/local-store';

export type Outcome = 'rows' | 'ok' | 'error' | 'cancelled';

export interface HistoryEntry {
  readonly sql: string;
  /** When it ran (epoch ms). */
  readonly at: number;
  /** Wall time of the first answer, ms. */
  readonly ms: number;
  readonly outcome: Outcome;
  readonly rows?: number;
  readonly message?: string;
}

export const MAX_HISTORY = 200;

export function isHistoryEntry(v: unknown): v is HistoryEntry {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.sql === 'string' && typeof o.at === 'number' && typeof o.ms === 'number'
    && (o.outcome === 'rows' || o.outcome === 'ok' || o.outcome === 'error' || o.outcome === 'cancelled')
    && (o.rows === undefined || typeof o.rows === 'number') && (o.message === undefined || typeof o.message === 'string');
}

export class QueryHistory {
  private list: HistoryEntry[];
  private readonly listeners = new Set<() => void>();

  constructor() {
    const stored = readStoredJson(STORE_KEYS.history);
    this.list = Array.isArray(stored) ? stored.filter(isHistoryEntry).slice(0, MAX_HISTORY) : [];
  }

  get entries(): readonly HistoryEntry[] {
    return this.list;
  }

  add(entry: HistoryEntry): void {
    this.list = [entry, ...this.list].slice(0, MAX_HISTORY);
    this.changed();
  }

  clear(): void {
    this.list = [];
    this.changed();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed(): void {
    writeStored(STORE_KEYS.history, JSON.stringify(this.list));
    for (const l of this.listeners) l();
  }
}
