// A CSV file as a download: the one media type (api/domain/csv.ts), the attachment's name, never cached.
import { CSV_TYPE } from "../domain/csv.ts";

/** `name` without its extension; the body a text (toCsv) or a stream (the warehouse's CSVWithNames). */
export function csvDownload(body: string | ReadableStream<Uint8Array>, name: string): Response {
  return new Response(body, {
    headers: {
      "content-type": CSV_TYPE,
      "content-disposition": `attachment; filename="${name}.csv"`,
      "cache-control": "no-store",
    },
  });
}
