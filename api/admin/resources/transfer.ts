// The export and import routes of a resource with a natural text key: each one call on its
// contract (api/contracts/admin/transfer.ts) over api/domain/resource-transfer.ts, which reads,
// checks and applies the file.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { route } from "../../http/router.ts";
import { readFields } from "../../http/validate.ts";
import { exportItems, importItems, type TransferDescription } from "../../domain/resource-transfer.ts";
import type { transferContracts } from "../../contracts/admin/transfer.ts";
import { CSV_TYPE } from "../../domain/csv.ts";

export function registerTransfer(
  app: Hono<HonoEnv>,
  t: TransferDescription,
  contracts: ReturnType<typeof transferContracts>,
) {
  const d = t.resource;
  route(app, contracts.exportAll, async (c, { format }, ctx) => {
    const out = await exportItems({ ctx, input: { t, format } });
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    c.header("content-disposition", `attachment; filename="${d.name}-${day}.${format}"`);
    c.header("cache-control", "no-store");
    return typeof out === "string" ? c.body(out, 200, { "content-type": CSV_TYPE }) : out;
  });

  // The file comes as an upload, a text field or a JSON body's object.
  route(app, contracts.importAll, async (c, { apply }, ctx) => {
    const raw = (await readFields(c)).file;
    const text =
      raw instanceof Blob
        ? await raw.text()
        : typeof raw === "string"
          ? raw
          : raw && typeof raw === "object"
            ? JSON.stringify(raw)
            : "";
    return importItems({ ctx, input: { t, text, apply, locale: c.var.locale } });
  });
}
