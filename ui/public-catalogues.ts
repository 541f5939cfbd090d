// Writes the public site's compiled catalogues. A step of its own in `ui:build`, before
// `ui/build.ts`: in one process, Bun's resolver kept the listing of ui/locales/ from before these
// files were written and the bundle could not find them on a fresh checkout.
import { readFileSync, writeFileSync } from "node:fs";
import PO from "pofile";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";

/**
 * The public site's compiled catalogues (ui/locales/{locale}.public.ts, and {locale}.play.ts for the
 * game's screens): the merged catalogue less
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
  const adminFiles = await adminOnlyFiles(root);
  // An area without screens of its own (components other areas' screens show, e.g. community's
  // chat and friends panels on the profile) keeps its messages.
  const adminOnly = (ref: string) =>
    /^ui\/shell\/Admin/.test(ref) ||
    adminFiles.has(ref) ||
    (/^ui\/areas\/[^/]+\//.test(ref) && screenAreas.has(ref.split("/")[2]) && !publicAreas.has(ref.split("/")[2]));
  // The game's own screens (the hangar, the battle: their own chunk) show words no other page
  // does; they load with that chunk (ui/areas/play/routes.ts), so the landing does not download
  // them (its 100 KB, ui/budget.test.ts). The area's routes.ts (the hangar's title) stays public.
  const playOnly = (ref: string) => ref.startsWith("ui/areas/play/") && !ref.endsWith("/routes.ts");
  const keep = new Set<string>();
  const play = new Set<string>();
  for await (const f of new Bun.Glob("ui/**/locales/ru.po").scan(root)) {
    for (const item of PO.parse(readFileSync(root + f, "utf8")).items) {
      const refs = item.references.map((r) => r.split(":")[0]).filter((r) => !adminOnly(r));
      if (refs.length === 0) continue;
      const id = generateMessageId(item.msgid, item.msgctxt ?? undefined);
      (refs.every(playOnly) ? play : keep).add(id);
    }
  }
  for (const locale of ["ru", "en"]) {
    const { messages } = (await import(`./locales/${locale}.ts`)) as { messages: Record<string, unknown> };
    const write = (name: string, ids: Set<string>) =>
      writeFileSync(
        `${root}ui/locales/${locale}.${name}.ts`,
        `import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(Object.entries(messages).filter(([id]) => ids.has(id)))))}) as Messages;`,
      );
    write("public", keep);
    write("play", play);
  }
}

/**
 * Files only the back office loads, in areas that also have public screens (access: the admins'
 * screens and the admin log's words beside the player's sign-in): the admin screens' own files,
 * then every file all of whose importers are such files (routes.ts, the registry, aside).
 */
async function adminOnlyFiles(root: string): Promise<Set<string>> {
  const imports = new Map<string, string[]>();
  const admin = new Set<string>();
  for await (const f of new Bun.Glob("ui/**/*.{ts,tsx}").scan(root)) {
    if (f.includes("/locales/") || f.endsWith(".test.ts")) continue;
    const text = readFileSync(root + f, "utf8");
    const dir = f.slice(0, f.lastIndexOf("/"));
    const targets = [...text.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) =>
      new URL(m[1], `file:///${dir}/`).pathname.slice(1),
    );
    if (f.endsWith("/routes.ts")) {
      // A screen registered for the admin shell: its file is the back office's.
      for (const m of text.matchAll(/shell:\s*"admin"[^}]*?import\(\s*"(\.\/[^"]+)"\s*\)/gs))
        admin.add(new URL(m[1], `file:///${dir}/`).pathname.slice(1));
      continue;
    }
    imports.set(f, targets);
  }
  const importers = new Map<string, string[]>();
  for (const [f, targets] of imports) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), f]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [f, by] of importers)
      if (!admin.has(f) && by.length > 0 && by.every((b) => admin.has(b) || /^ui\/shell\/Admin/.test(b))) {
        admin.add(f);
        grew = true;
      }
  }
  return admin;
}

if (import.meta.main) await writePublicCatalogues();
