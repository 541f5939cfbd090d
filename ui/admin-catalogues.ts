// Writes the back office's compiled catalogues, split like its code. A step of its own in
// `ui:build`, after `lingui compile` and before `ui/build.ts` (see ui/public-catalogues.ts for why
// not in one process).
//
// - ui/locales/{locale}.admin.ts: what every admin page shows before a screen loads — the messages
//   of the files the entry and the admin shell import statically (the shell, the sidebar's screen
//   titles in every area's routes.ts, the design system's helpers they use);
// - ui/locales/{locale}.area.<area>.ts: the messages of an area's screens, i.e. of every file its
//   screens import (statically or lazily, whichever area or folder it lives in), less the base's.
//   ScreenRoutes loads it beside the screen's code, so a metrics page does not download the words
//   of the other areas (areas with back-office screens only);
// - ui/locales/areas.ts: each area catalogue's loader per locale (imported by ui/areas/index.ts).
// Which file shows which message comes from the .po files (lingui writes each message's files);
// which file imports which from the sources (relative imports, static and dynamic).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import PO from "pofile";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { reachable } from "./reachable.ts";

const root = new URL("../", import.meta.url).pathname;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** A source file's relative imports (paths from the repository root), all or the lazy ones only. */
function importsOf(file: string, only: "all" | "dynamic" = "all"): string[] {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(only === "all" ? IMPORT : DYNAMIC)]
    .map((m) => relative(root, join(root, dirname(file), m[1])))
    .filter((f) => /\.[jt]sx?$/.test(f) && existsSync(join(root, f)));
}

/** The files reachable from the given ones (following static imports only, or lazy ones too). */
function closure(files: string[], lazy: boolean): Set<string> {
  return reachable(files, (f) => {
    const dynamic = new Set(importsOf(f, "dynamic"));
    return importsOf(f).filter((i) => lazy || !dynamic.has(i));
  });
}

const module = (messages: Record<string, unknown>) =>
  `import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))}) as Messages;`;

export async function writeAdminCatalogues() {
  // Every message id and the files that show it.
  const filesOf = new Map<string, string[]>();
  for await (const f of new Bun.Glob("ui/**/locales/ru.po").scan(root)) {
    for (const item of PO.parse(readFileSync(root + f, "utf8")).items) {
      const id = generateMessageId(item.msgid, item.msgctxt ?? undefined);
      filesOf.set(id, [...(filesOf.get(id) ?? []), ...item.references.map((r) => r.split(":")[0])]);
    }
  }
  const idsOf = (files: Set<string>) =>
    new Set([...filesOf].filter(([, refs]) => refs.some((r) => files.has(r))).map(([id]) => id));

  // The shell's own lazy parts (not the screens its routes load, nor the entry's other shell) count as the shell's.
  const shell = closure(["ui/main.tsx", "ui/shell/AdminShell.tsx"], false);
  const shellLazy = [...shell]
    .filter((f) => f !== "ui/main.tsx" && !f.endsWith("/routes.ts"))
    .flatMap((f) => importsOf(f, "dynamic"));
  const base = idsOf(new Set([...shell, ...closure(shellLazy, true)]));
  const areas = new Map<string, Set<string>>();
  for await (const routes of new Bun.Glob("ui/areas/*/routes.ts").scan(root)) {
    // Areas with back-office screens only (the player site's screens use the public catalogue).
    if (!/shell:\s*"admin"/.test(readFileSync(join(root, routes), "utf8"))) continue;
    const screens = importsOf(routes, "dynamic");
    areas.set(routes.split("/")[2], new Set([...idsOf(closure(screens, true))].filter((id) => !base.has(id))));
  }
  const names = [...areas.keys()].sort();
  const loaders: string[] = [];
  for (const locale of ["ru", "en"]) {
    const { messages } = (await import(`./locales/${locale}.ts`)) as { messages: Record<string, unknown> };
    const pick = (ids: Set<string>) => Object.fromEntries(Object.entries(messages).filter(([id]) => ids.has(id)));
    writeFileSync(`${root}ui/locales/${locale}.admin.ts`, module(pick(base)));
    for (const [area, ids] of areas) writeFileSync(`${root}ui/locales/${locale}.area.${area}.ts`, module(pick(ids)));
    loaders.push(
      `${locale}:{${names.map((a) => `${JSON.stringify(a)}:()=>import("./${locale}.area.${a}.ts")`).join(",")}}`,
    );
  }
  // The loaders, for the admin's screen list (ui/areas/index.ts), so neither the entry nor the
  // player site carries them.
  writeFileSync(
    `${root}ui/locales/areas.ts`,
    `import type{Messages}from"@lingui/core";export const areaCatalogues:Record<"ru"|"en",Record<string,()=>Promise<{messages:Messages}>>>={${loaders.join(",")}};`,
  );
}

if (import.meta.main) await writeAdminCatalogues();
