// Writes the public site's compiled catalogues. A step of its own in `ui:build`, before
// `ui/build.ts`: in one process, Bun's resolver kept the listing of ui/locales/ from before these
// files were written and the bundle could not find them on a fresh checkout.
import { readFileSync, writeFileSync } from "node:fs";
import PO from "pofile";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";

/**
 * The public site's compiled catalogues (ui/locales/{locale}.public.ts): the merged catalogue less
 * the messages only back-office code shows (the admin shell's and its labels (ui/shell/Admin*), and those of areas without a
 * public screen), so a player's page does not download the back office's words. A message any
 * other file refers to stays (the .po files name each message's files).
 */
export async function writePublicCatalogues() {
  const root = new URL("../", import.meta.url).pathname;
  const publicAreas = new Set<string>();
  const screenAreas = new Set<string>();
  for await (const f of new Bun.Glob("ui/areas/*/routes.ts").scan(root)) {
    screenAreas.add(f.split("/")[2]);
    if (/shell:\s*"public"/.test(readFileSync(root + f, "utf8"))) publicAreas.add(f.split("/")[2]);
  }
  // An area without screens of its own (components other areas' screens show, e.g. community's
  // chat and friends panels on the profile) keeps its messages.
  const adminOnly = (ref: string) =>
    /^ui\/shell\/Admin/.test(ref) ||
    (/^ui\/areas\/[^/]+\//.test(ref) && screenAreas.has(ref.split("/")[2]) && !publicAreas.has(ref.split("/")[2]));
  const keep = new Set<string>();
  for await (const f of new Bun.Glob("ui/**/locales/ru.po").scan(root)) {
    for (const item of PO.parse(readFileSync(root + f, "utf8")).items) {
      if (item.references.some((r) => !adminOnly(r.split(":")[0])))
        keep.add(generateMessageId(item.msgid, item.msgctxt ?? undefined));
    }
  }
  for (const locale of ["ru", "en"]) {
    const { messages } = (await import(`./locales/${locale}.ts`)) as { messages: Record<string, unknown> };
    const subset = Object.fromEntries(Object.entries(messages).filter(([id]) => keep.has(id)));
    writeFileSync(
      `${root}ui/locales/${locale}.public.ts`,
      `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(JSON.stringify(subset))}) as Messages;`,
    );
  }
}

if (import.meta.main) await writePublicCatalogues();
