// CSV, one module for the server's exports and imports, the warehouse's small tables and the back
// office's downloads (ui/lib/csv.ts builds files in the browser with it), so every CSV we write
// reads alike: RFC 4180 cells — quoted when a cell holds a comma, a quote, a line break or space
// at either end (a spreadsheet would trim it), with doubled quotes — and LF at the end of every
// row, as the warehouse's streamed exports (ClickHouse's CSVWithNames) end theirs. The reader
// takes CRLF or LF rows and quoted line breaks, so whatever we write reads back unchanged.
// (docs/decisions/csv.md)

/** The media type of every CSV answer. */
export const CSV_TYPE = "text/csv; charset=utf-8";

/** One cell: null and undefined empty, an object as its JSON, the rest as text; quoted when it must be. */
export function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row, with its line break. */
export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\n`;

/** Rows (the header first, when there is one) as a CSV text. */
export const toCsv = (rows: readonly (readonly unknown[])[]): string => rows.map(csvRow).join("");

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

/** Rows as records keyed by the header row's names (a test's or an import's reading of a file). */
export function csvRecords(text: string): Record<string, string>[] | null {
  const rows = parseCsv(text);
  if (!rows) return null;
  const [head = [], ...body] = rows;
  return body
    .filter((r) => r.some((c) => c !== ""))
    .map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ""])));
}
