// CSV files made in the browser: cells and rows as the server writes them (api/domain/csv.ts, one
// module), and a download assembled from parts as they arrive (a streamed export or page after page
// of a list), so the whole file is never one string.
import { toCsv } from "../../api/domain/csv.ts";
import { USD_CENTS_PER_1000_MAJOR, toUsdCents } from "../../api/domain/billing/money.ts";
/** Offers parts (text or bytes) to the user as one file. */
export function saveFile(name: string, parts: BlobPart[], type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Progress of an export: rows or bytes done, and the total when it is known. */
export interface Progress {
  done: number;
  total?: number;
  unit: "rows" | "bytes";
}

/** Reads a server's export (its CSV route) chunk by chunk, reporting bytes received. */
export async function fetchExport(
  url: string,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<BlobPart[]> {
  const res = await fetch(url, {
    credentials: "same-origin",
    headers: { accept: "text/csv, application/json" },
    signal,
  });
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(data?.error?.message ?? `HTTP ${res.status}`);
  }
  const length = Number(res.headers.get("content-length")) || undefined;
  const parts: BlobPart[] = [];
  let done = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    parts.push(value);
    done += value.byteLength;
    onProgress({ done, total: length, unit: "bytes" });
  }
  return parts;
}

/**
 * Pages through a list route (`{rows, total}` answers) with the given query, turning each page
 * into CSV lines as it comes, reporting rows done out of the total.
 */
export async function fetchAllPages<R>(
  listUrl: string,
  query: URLSearchParams,
  header: string[],
  toLine: (r: R) => unknown[],
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
  pageSize = 100,
): Promise<BlobPart[]> {
  const parts: BlobPart[] = [toCsv([header])];
  let done = 0;
  for (let page = 1; ; page++) {
    const q = new URLSearchParams(query);
    q.set("page", String(page));
    q.set("size", String(pageSize));
    const res = await fetch(`${listUrl}${listUrl.includes("?") ? "&" : "?"}${q}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
      signal,
    });
    const data = (await res.json().catch(() => null)) as {
      rows?: R[];
      total?: number;
      error?: { message?: string };
    } | null;
    if (!res.ok || !data?.rows) throw new Error(data?.error?.message ?? `HTTP ${res.status}`);
    parts.push(toCsv(data.rows.map(toLine)));
    done += data.rows.length;
    onProgress({ done, total: data.total, unit: "rows" });
    if (data.rows.length < pageSize || (data.total !== undefined && done >= data.total)) return parts;
  }
}

/**
 * One column of a table's file (docs/decisions/exports.md): a stable name that says its unit
 * (`amount_minor_units`, `created_at_utc`), not the screen's translated label, and the value as a
 * spreadsheet reads it (an ISO 8601 time, money with its currency), not the screen's formatting.
 */
export interface CsvField<R> {
  name: string;
  value: (r: R) => unknown;
}

/** An instant (epoch ms) in ISO 8601, UTC, to the second: "2026-11-27T10:59:39Z"; none is empty. */
export const isoTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? "" : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * A money column as three: the amount in the currency's minor units (cents, kopecks), the currency
 * (ISO 4217) and the amount in the reporting currency (US cents at billing's fixed rates; empty for
 * a currency without a rate).
 */
export function moneyFields<R>(name: string, minor: (r: R) => number, currency: (r: R) => string): CsvField<R>[] {
  return [
    { name: `${name}_minor_units`, value: minor },
    { name: `${name}_currency`, value: currency },
    {
      name: `${name}_usd_cents`,
      value: (r) => (USD_CENTS_PER_1000_MAJOR[currency(r)] === undefined ? "" : toUsdCents(minor(r), currency(r))),
    },
  ];
}
