// OpenAPI 3.1 documents made from the routes' contracts (api/contracts/): the game client's API
// (/game/api/*, served at /game/api/openapi.json) and the player site's JSON (/public/openapi.json).
// Nothing is written by hand: a path, its parameters, its body or query fields and its answer are
// the contract's, as z.toJSONSchema renders them (JSON Schema 2020-12, which OpenAPI 3.1 uses).
import type { Hono } from "hono";
import { z } from "zod";
import { type Contract, methodOf } from "../contracts/contract.ts";
import type { HonoEnv } from "./env.ts";
import { route, routeTable } from "./router.ts";
import * as docs from "../contracts/openapi.ts";

type Json = Record<string, unknown>;

export interface ApiDocument {
  title: string;
  description: string;
  /** Which routes: their paths start with one of these (locale-prefixed paths are read without it). */
  prefixes: string[];
}

const PARAM = /\/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?(\?)?/g;

/** A schema as OpenAPI embeds it (no `$schema` of its own). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

/** The object schema's properties and which are required (input side: what a caller must send). */
function fieldsOf(schema: z.ZodType | undefined): { properties: Record<string, Json>; required: string[] } {
  if (!schema) return { properties: {}, required: [] };
  const s = jsonSchema(schema, "input") as { properties?: Record<string, Json>; required?: string[] };
  return { properties: s.properties ?? {}, required: s.required ?? [] };
}

/** The OpenAPI address of a Hono path, once without and once with each optional parameter. */
function addresses(path: string): { path: string; params: { name: string; pattern?: string }[] }[] {
  const params: { name: string; pattern?: string; optional: boolean }[] = [];
  for (const m of path.matchAll(PARAM)) params.push({ name: m[1], pattern: m[2]?.slice(1, -1), optional: !!m[3] });
  const render = (withOptional: boolean) =>
    path.replace(PARAM, (_, name: string, _re, optional) => (optional && !withOptional ? "" : `/{${name}}`));
  const full = { path: render(true), params: params.map(({ name, pattern }) => ({ name, pattern })) };
  if (!params.some((p) => p.optional)) return [full];
  return [
    { path: render(false), params: full.params.filter((p) => !params.find((q) => q.name === p.name)?.optional) },
    full,
  ];
}

const ERROR = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: {
        code: { type: "string", description: "validation, unauthorized, forbidden, not_found, conflict, csrf, …" },
        message: { type: "string", description: "In the request's language (ru or en)." },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "validation: the message of each refused field, by its path (a.b.0).",
        },
      },
      required: ["code", "message"],
    },
  },
  required: ["error"],
};

const KIND_CONTENT: Record<string, Json> = {
  html: { "text/html": {} },
  file: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
  stream: { "text/event-stream": {}, "application/x-ndjson": {} },
  text: { "text/plain": { schema: { type: "string" } } },
};

function operation(c: Contract, params: { name: string; pattern?: string }[]): Json {
  const method = methodOf(c);
  const declared = fieldsOf(c.params).properties;
  const parameters: Json[] = params.map((p) => ({
    name: p.name,
    in: "path",
    required: true,
    schema: declared[p.name] ?? { type: "string", ...(p.pattern ? { pattern: `^(?:${p.pattern})$` } : {}) },
  }));
  const fields = [c.query, method === "GET" ? c.input : undefined].filter(Boolean) as z.ZodType[];
  for (const schema of fields) {
    const { properties, required } = fieldsOf(schema);
    for (const [name, schema] of Object.entries(properties))
      if (!params.some((p) => p.name === name))
        parameters.push({ name, in: "query", required: required.includes(name), schema });
  }
  const body = method === "GET" ? undefined : (c.json ?? c.input);
  const responses: Json = {};
  const success: Json = { description: "Success" };
  const content: Json = {};
  if (c.output) content["application/json"] = { schema: jsonSchema(c.output, "output") };
  for (const kind of c.answers ?? []) {
    if (kind === "redirect") responses["302"] = { description: "A redirect (Location)" };
    else Object.assign(content, KIND_CONTENT[kind]);
  }
  if (Object.keys(content).length) success.content = content;
  if (c.output || (c.answers ?? []).some((k) => k !== "redirect")) responses["200"] = success;
  responses["4XX"] = {
    description: "Refused: bad input (400 validation, with each field's message), auth (401/403), not found, conflict",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  return {
    ...(c.summary ? { summary: c.summary } : {}),
    operationId: `${method.toLowerCase()}${c.path.replace(PARAM, (_, n: string) => `/by-${n}`).replace(/[^A-Za-z0-9]+(.)?/g, (_, ch?: string) => (ch ?? "").toUpperCase())}`,
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(body, "input") } } } }
      : {}),
    responses,
    ...(c.auth === "game"
      ? { security: [{ gameKey: [] }] }
      : c.auth === "player"
        ? { security: [{ playerSession: [] }] }
        : c.auth === "admin"
          ? { security: [{ adminSession: [] }] }
          : {}),
  };
}

/** The document of the app's routes under the given prefixes (those registered with a contract). */
export function openApiDocument(app: Hono<HonoEnv>, doc: ApiDocument): Json {
  const paths: Record<string, Json> = {};
  const unlocalised = (p: string) => p.replace(/^\/:locale\{ru\|en\}/, "");
  for (const r of routeTable(app)) {
    const c = r.contract;
    if (!c || !doc.prefixes.some((p) => unlocalised(c.path).startsWith(p))) continue;
    for (const a of addresses(c.path)) {
      paths[a.path] ??= {};
      paths[a.path][methodOf(c).toLowerCase()] = operation(c, a.params);
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: doc.title, version: "1", description: doc.description },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: { Error: ERROR },
      securitySchemes: {
        gameKey: { type: "http", scheme: "bearer", description: "The game client's key (GAME_API_KEY)." },
        playerSession: {
          type: "apiKey",
          in: "cookie",
          name: "tk_player",
          description: "A player's site session; a state change also needs the session's X-CSRF-Token header.",
        },
        adminSession: {
          type: "apiKey",
          in: "cookie",
          name: "tk_admin",
          description: "An operator's session; a state change also needs the session's X-CSRF-Token header.",
        },
      },
    },
  };
}

/** Serves the documents; each is made once, from the app's route table as it stands at the first request. */
export function registerOpenApi(app: Hono<HonoEnv>) {
  const once = (doc: ApiDocument) => {
    let made: Json | undefined;
    return () => (made ??= openApiDocument(app, doc)) as z.input<typeof docs.gameApi.output>;
  };
  route(
    app,
    docs.gameApi,
    once({
      title: "Tankodrome game API",
      description:
        "What the game client and battle servers call, with `Authorization: Bearer <GAME_API_KEY>`: register a player, get a site sign-in link, read a player's state, report a battle's start and end.",
      prefixes: ["/game/api/"],
    }),
  );
  route(
    app,
    docs.playerSite,
    once({
      title: "Tankodrome player site",
      description:
        "The JSON the player site's screens read and send: pages answer their data to `Accept: application/json` (the HTML shell otherwise); a state change needs the session's X-CSRF-Token.",
      prefixes: ["/public", "/game/play/", "/play/", "/billing/"],
    }),
  );
}
