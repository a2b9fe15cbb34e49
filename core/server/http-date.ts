/** RFC 1123 dates as QuestDB prints them: the day of month is NOT zero-padded (`Fri, 2 Feb 2024 17:09:38 GMT`). */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let cachedSecond = -1;
let cachedText = '';

export function httpDate(millis: number = Date.now()): string {
  const second = Math.floor(millis / 1000);
  if (second !== cachedSecond) {
    const d = new Date(second * 1000);
    const p = (n: number): string => (n < 10 ? '0' + n : String(n));
    cachedText = `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} `
      + `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} GMT`;
    cachedSecond = second;
  }
  return cachedText;
}
