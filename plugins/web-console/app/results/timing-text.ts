/** The timing line of a result: the server's own time and the whole round trip, with the parts in a tooltip. */
import { ExecTimings } from '../api/exec-answer';
import { formatMillis } from '../ui/format';

export interface TimingText {
  readonly text: string;
  readonly detail: string;
}

export function timingText(timings: ExecTimings | undefined, roundTripMs: number): TimingText {
  const ns = (v: number | undefined): number => v ?? 0;
  const parts: string[] = [];
  let serverMs: number | undefined;
  if (timings) {
    serverMs = (ns(timings.compiler) + ns(timings.execute) + ns(timings.count)) / 1e6;
    parts.push(`compile ${formatMillis(ns(timings.compiler) / 1e6)}`, `execute ${formatMillis(ns(timings.execute) / 1e6)}`,
      `count ${formatMillis(ns(timings.count) / 1e6)}`);
    if (timings.authentication !== undefined) parts.push(`authentication ${formatMillis(timings.authentication / 1e6)}`);
  }
  parts.push(`round trip ${formatMillis(roundTripMs)}`);
  const text = serverMs === undefined ? formatMillis(roundTripMs) : `server ${formatMillis(serverMs)} · total ${formatMillis(roundTripMs)}`;
  return { text, detail: parts.join(', ') };
}
