// CSV (RFC 4180) for resource export and import: quoted cells with doubled quotes, commas and
// line breaks inside quotes, CRLF or LF rows. Export and import use the same rules, so an
// exported file re-imports unchanged.
const cell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function toCsv(rows: string[][]): string {
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** Rows of cells, or null when a quote is never closed or text follows a closing quote. */
export function parseCsv(text: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i <= text.length) {
    let value = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) return null;
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      if (i < text.length && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") return null;
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") value += text[i++];
    }
    row.push(value);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text[i] === "\r") i++;
    if (text[i] === "\n") i++;
    rows.push(row);
    row = [];
    if (i >= text.length) break;
  }
  return rows;
}
