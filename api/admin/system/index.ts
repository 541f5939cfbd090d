// The back office's system configuration: options with variants (client, server), battle
// options, immutable options and the option API, client versions, applications, sign-in networks, languages and
// server texts; each area described once in its own file.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { OPTION_AREAS, registerOptionApi, registerOptionArea } from "./options.ts";
import { registerBattleOptions } from "./battle-options.ts";
import { registerImmutableOptions } from "./immutable-options.ts";
import { registerResource } from "../resources/index.ts";
import type { ResourceDescription } from "../../domain/resources.ts";
import { versionArea } from "../../domain/resources/versions.ts";
import { applicationArea } from "../../domain/resources/applications.ts";
import { socialNetworkArea } from "../../domain/resources/social-networks.ts";
import { languageArea } from "../../domain/resources/languages.ts";
import { serverLocalizationArea, serverLocalizationTransfer } from "../../domain/resources/localization.ts";
import { registerTransfer } from "../resources/transfer.ts";
import * as serverLocalization from "../../contracts/admin/serverLocalization.ts";
import "./messages.ts";

/** The system areas that are lists of editable things, served by the resources mechanism. */
export const SYSTEM_RESOURCES: ResourceDescription[] = [
  versionArea,
  applicationArea,
  socialNetworkArea,
  languageArea,
  serverLocalizationArea,
];

export function registerSystemAdmin(app: Hono<HonoEnv>) {
  for (const area of OPTION_AREAS) registerOptionArea(app, area);
  registerOptionApi(app);
  registerBattleOptions(app);
  registerImmutableOptions(app);
  for (const d of SYSTEM_RESOURCES) registerResource(app, d);
  registerTransfer(app, serverLocalizationTransfer, serverLocalization);
}
