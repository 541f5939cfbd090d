// The OpenAPI documents (api/http/openapi.ts), made from the contracts of the routes they describe.
import { z } from "zod";
import { contract } from "./contract.ts";

/** An OpenAPI 3.1 document: checked for its frame; its paths are the contracts' own renderings. */
const document = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});

export const gameApi = contract({
  method: "GET",
  path: "/game/api/openapi.json",
  auth: "none",
  summary: "This document: the game client's API (/game/api/*) as OpenAPI 3.1, made from the routes' contracts.",
  output: document,
});

export const playerSite = contract({
  method: "GET",
  path: "/public/openapi.json",
  auth: "none",
  summary:
    "The player site's JSON routes (/public, the profile, the game in the browser, payments) as OpenAPI 3.1, made from the routes' contracts.",
  output: document,
});
