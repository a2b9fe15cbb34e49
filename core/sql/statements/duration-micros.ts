/** A clause duration (`1s`, `600ms`, `2h`) in µs; units as QuestDB's SQL dialect (`M` months ≈ 30 days here). */
import type { Duration } from '../ast';

const MICROS: Record<string, number> = {
  n: 0.001, u: 1, U: 1, us: 1, T: 1000, ms: 1000, s: 1_000_000, m: 60_000_000, h: 3_600_000_000, d: 86_400_000_000,
  w: 604_800_000_000, M: 2_592_000_000_000, y: 31_536_000_000_000,
};

export function durationMicros(d: Duration): number | undefined {
  const scale = MICROS[d.unit];
  return scale === undefined ? undefined : Math.round(d.value * scale);
}
