/**
 * Labels of the chart's time axis in UTC, 24-hour and ISO order, as precise as the tick spacing needs:
 * months, days, minutes (the date on a second line where the day changes), seconds or milliseconds.
 */
const DAY = 86_400;

export function timeTickLabels(splits: readonly number[], incrementSeconds: number): string[] {
  let previousDay = '';
  return splits.map((s) => {
    const iso = new Date(Math.round(s * 1000)).toISOString();
    const day = iso.slice(0, 10);
    if (incrementSeconds >= 28 * DAY) return iso.slice(0, 7);
    if (incrementSeconds >= DAY) return day;
    const time = incrementSeconds >= 60 ? iso.slice(11, 16) : incrementSeconds >= 1 ? iso.slice(11, 19) : iso.slice(11, 23);
    const label = day !== previousDay ? `${time}\n${day}` : time;
    previousDay = day;
    return label;
  });
}
