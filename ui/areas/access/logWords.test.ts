// Every action the server can write into the admin log reads in words, in ru and in en: the named
// ones (AUDIT_ACTIONS of api/domain/audit-details.ts, the type audit() takes) and the path ones
// (every state-changing admin route's path — the router writes it for a handler that wrote no row
// itself — and every "/admin/…" action written literally in api/). Needs the compiled catalogues
// (`bun run ui:build` writes ui/locales/, as ui/budget.test.ts needs the build); logWords.ts is
// loaded through the build's lingui macro plugin.
import { test, expect, beforeAll } from "bun:test";
import { Glob, plugin } from "bun";
import { linguiMacros } from "../../build.ts";
import { i18n, type Messages } from "@lingui/core";
import { AUDIT_ACTIONS } from "../../../api/domain/audit-details.ts";
import { createApp } from "../../../api/app.ts";
import { routeTable } from "../../../api/http/router.ts";
import type { Deps } from "../../../api/deps.ts";

// The build's own macro plugin (ids only; the texts come from the compiled catalogues, as in the browser).
plugin(linguiMacros);

let words: typeof import("./logWords.ts");
let detailsWords: typeof import("./logWords.ts")["detailsWords"];
const catalogues: Record<"ru" | "en", Messages> = { ru: {}, en: {} };

/** The "/admin/…" actions the server writes: admin routes that change state, and actions written literally. */
async function pathActions(): Promise<{ all: string[]; written: string[] }> {
  // The app is built, never served (as `npm run routes` does).
  const routes = routeTable(createApp({} as Deps))
    .filter((r) => r.auth === "admin" && r.mutates)
    .map((r) => r.path);
  const literal: string[] = [];
  for await (const file of new Glob("api/**/*.ts").scan(".")) {
    if (file.endsWith(".test.ts")) continue;
    for (const m of (await Bun.file(file).text()).matchAll(/action: "(\/admin\/[^"]+)"/g)) literal.push(m[1]);
  }
  expect(literal.length).toBeGreaterThan(5);
  return { all: [...new Set([...routes, ...literal])].sort(), written: [...new Set(literal)].sort() };
}

beforeAll(async () => {
  for (const l of ["ru", "en"] as const) catalogues[l] = (await import(`../../locales/${l}.ts`)).messages as Messages;
  await import("../index.ts"); // lists the screens path actions are read against, as the admin shell does
  words = await import("./logWords.ts");
  detailsWords = words.detailsWords;
});

/** Reads each action in a locale; an action without words, or whose words miss from the locale's catalogue, is a problem. */
function read(locale: "ru" | "en", actions: readonly string[]): string[] {
  i18n.loadAndActivate({ locale, messages: { ...catalogues[locale] } });
  const problems: string[] = [];
  let missing: string[] = [];
  const off = i18n.on("missing", (e: { id: string }) => missing.push(e.id));
  try {
    for (const a of actions) {
      missing = [];
      const w = words.actionWordsOrNull(a);
      if (w === null || w === a) problems.push(`${a}: no words`);
      else if (missing.length) problems.push(`${a}: "${w}" not in the ${locale} catalogue`);
      else if (locale === "ru" && !/[а-яё]/i.test(w)) problems.push(`${a}: "${w}" is not Russian`);
    }
  } finally {
    off();
  }
  return problems;
}

test("every named admin log action has words in ru and en", () => {
  expect(AUDIT_ACTIONS.length).toBeGreaterThan(50);
  expect(read("ru", AUDIT_ACTIONS)).toEqual([]);
  expect(read("en", AUDIT_ACTIONS)).toEqual([]);
});

test("every path action the server can write reads as a screen and what was done, in ru and en", async () => {
  const { all, written } = await pathActions();
  expect(all.length).toBeGreaterThan(100);
  expect(read("ru", all)).toEqual([]);
  expect(read("en", all)).toEqual([]);
  // A path a handler writes on purpose says what was done in every part (the router's row for a
  // route whose handler wrote none may leave a route's own nouns out).
  expect(
    written.map((a) => [a, words.pathWords(a)?.unknown ?? ["no screen"]] as const).filter(([, u]) => u.length),
  ).toEqual([]);
});

test("an action nobody gave words to is reported, not passed", () => {
  expect(read("ru", ["tools.teleport", "/admin/nowhere/save"])).toEqual([
    "tools.teleport: no words",
    "/admin/nowhere/save: no words",
  ]);
  expect(words.pathWords("/admin/tank/frobnicate")?.unknown).toEqual(["frobnicate"]);
  // Words a catalogue lacks are reported too.
  const ru = catalogues.ru;
  catalogues.ru = {};
  try {
    expect(read("ru", ["admin.login"])).toEqual([
      expect.stringMatching(/^admin\.login: ".+" not in the ru catalogue$/),
    ]);
  } finally {
    catalogues.ru = ru;
  }
});

test("a row's details read in ru; an old row without them keeps its summary", () => {
  i18n.loadAndActivate({ locale: "ru", messages: { ...catalogues.ru } });
  expect(detailsWords({ changes: [{ field: "identities", before: ["vk:12"], after: ["ok:34"] }] }, "x")).toBe(
    "Способы входа: ВКонтакте 12 → Одноклассники 34",
  );
  expect(
    detailsWords(
      {
        changes: [
          { field: "providerAnswered", after: false },
          { field: "orderStatus", before: "pending", after: "pending" },
        ],
      },
      "x",
    ),
  ).toMatch(/^Провайдер ответил: нет; .+: .+ → .+$/);
  expect(
    detailsWords({ scope: "win_battles", changes: [{ field: "progress", before: "1/3", after: "2/3" }] }, "x"),
  ).toMatch(/^[А-ЯЁа-яё ]+: [^:]+: 1\/3 → 2\/3$/);
  expect(detailsWords(null, "verify: provider not answering, order stays pending")).toBe(
    "verify: provider not answering, order stays pending",
  );
});
