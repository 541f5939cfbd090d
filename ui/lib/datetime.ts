// The spec's one date-time format, DD.MM.YYYY HH:mm:ss, in the viewer's local time. Parsing is
// strict (a day the month lacks is refused, not rolled over) so a typed value never silently
// becomes another date.
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export function formatDateTime(ms: number | Date): string {
  const d = ms instanceof Date ? ms : new Date(ms);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${pad(d.getFullYear(), 4)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function parseDateTime(text: string): number | null {
  const m = /^\s*(\d{2})\.(\d{2})\.(\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? undefined : Number(v),
  ) as number[];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const d = new Date(year, month - 1, day, hour, minute, second);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return d.getTime();
}
