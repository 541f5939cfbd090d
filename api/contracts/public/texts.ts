// The texts operators edited under /admin/translation/, compiled, that the UI lays over its own
// catalogue on start (/texts/:locale): anyone may read them, as they read the catalogue.
import { z } from "zod";
import { contract } from "../contract.ts";

/** A message in lingui's compiled form: a string, or parts (text, and `[name]` for a placeholder). */
const compiled = z.union([z.string(), z.array(z.union([z.string(), z.array(z.unknown())]))]);

export const texts = contract({
  method: "GET",
  path: "/texts/:locale{ru|en}",
  auth: "none",
  summary: "The UI texts operators edited, by message id, in lingui's compiled form (no-cache).",
  params: z.object({ locale: z.enum(["ru", "en"]) }),
  output: z.record(z.string(), compiled),
});
