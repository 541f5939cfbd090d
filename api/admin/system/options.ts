// Options with variants: /admin/clientOptions/ and /admin/serverOptions/ are one area described
// twice (by scope). The page lists keys with their variants; editor/{key}/{variant} is one
// variant's JSON; save validates (name pattern, JSON, the key's shape if it has one, shares) and
// audits a readable diff; invalidateCache/{key}/{variant} bumps the version readers check.
// /admin/api/option/client/get|set are the same read and save for the game's tools. The rules are
// api/domain/options-admin.ts; each route is one call on its contract (api/contracts/admin/options.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import type { OptionScope } from "../../domain/options.ts";
import {
  invalidateOptionByOperator,
  optionEditor,
  optionsPage,
  readClientOption,
  saveOptionByOperator,
} from "../../domain/options-admin.ts";
import * as options from "../../contracts/admin/options.ts";
import "./messages.ts";

export interface OptionArea {
  scope: OptionScope;
  /** "/admin/clientOptions/" */
  base: string;
}

export const OPTION_AREAS: OptionArea[] = [
  { scope: "client", base: "/admin/clientOptions/" },
  { scope: "server", base: "/admin/serverOptions/" },
];

const CONTRACTS = {
  client: {
    page: options.clientPage,
    editor: options.clientEditor,
    save: options.clientSave,
    invalidate: options.clientInvalidate,
  },
  server: {
    page: options.serverPage,
    editor: options.serverEditor,
    save: options.serverSave,
    invalidate: options.serverInvalidate,
  },
};

export function registerOptionArea(app: Hono<HonoEnv>, area: OptionArea) {
  const { scope, base } = area;
  const k = CONTRACTS[scope];
  page(app, k.page, async (_c, _v, ctx) => ({ ...(await optionsPage({ ctx, input: { scope } })), scope }));
  page(app, k.editor, async (_c, { key, variant }, ctx) => ({
    ...(await optionEditor({ ctx, input: { scope, key, variant } })),
    scope,
  }));
  route(app, k.save, (_c, option, ctx) =>
    saveOptionByOperator({ ctx, input: { scope, action: `${base}save`, option } }),
  );
  route(app, k.invalidate, (_c, { key, variant }, ctx) =>
    invalidateOptionByOperator({ ctx, input: { scope, action: `${base}invalidateCache`, key, variant } }),
  );
}

/** The game tools' API over client options: get reads as the game does (through the cache), set saves. */
export function registerOptionApi(app: Hono<HonoEnv>) {
  route(app, options.apiGet, (_c, input, ctx) => readClientOption({ ctx, input }));
  route(app, options.apiSet, (_c, option, ctx) =>
    saveOptionByOperator({ ctx, input: { scope: "client", action: "/admin/clientOptions/save", option } }),
  );
}
