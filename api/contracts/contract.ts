// A route's contract, declared once: method, path, who may call it, the zod schemas of its input
// and of its answer. The server registers its handler against it (api/http/router.ts: route,
// page), the UI calls it (ui/lib/api.ts: api, useApi, href), e2e set-up calls it
// (e2e/contracts.ts), and the OpenAPI documents are made from it (api/http/openapi.ts).
//
// This file carries no zod at run time (types only) and no server code: the UI bundle loads it
// as it is. Every other file under api/contracts/ is replaced in the UI bundle by its contracts'
// descriptors (method, path, mutates; ui/build.ts contractDescriptors), so a screen that calls a
// route downloads neither zod nor the schemas. Docs: docs/contributing.md, "Route contracts".
import type { z } from "zod";
import type { AdminRole } from "../db/schema/access.ts";

/**
 * Who may call a route (the auth column of routes.tsv, plus `game`): `player` / `admin` need the
 * session (and the role ladder for admin), `game` the game client's bearer key (GAME_API_KEY),
 * `provider` is a payment provider's callback (it proves itself in its body), `public` / `none`
 * anyone.
 */
export type Auth = "public" | "player" | "admin" | "provider" | "game" | "none";
/** The method column of routes.tsv: one method, GET|POST, or ANY (no restriction). */
export type SpecMethod = "GET" | "POST" | "DELETE" | "GET|POST" | "ANY";

/**
 * What a handler may answer besides its JSON output, as a Response it builds itself: the router
 * checks under tests that the Response is of a declared kind.
 * - `html`: a document (text/html); `file`: a download or any non-JSON body (a CSV, an image);
 * - `stream`: server-sent events or NDJSON; `redirect`: a 3xx with Location; `text`: text/plain
 *   (a payment provider's `OK{InvId}`).
 */
export type AnswerKind = "html" | "file" | "stream" | "redirect" | "text";

export interface ContractSpec {
  method: SpecMethod;
  /** Hono's path syntax, as routes.tsv has it: `/public/profile/feedback/:ticketId{[0-9]+}/messages`. */
  path: string;
  auth: Auth;
  /** Least admin role (admin routes); support when not given. */
  role?: AdminRole;
  /** `page`: the HTML shell to a browser, the output as JSON to a JSON request. Default `action`. */
  kind?: "page" | "action" | "stream";
  /** State-changing: needs the CSRF token (player, admin); one admin log row on admin routes. */
  mutates?: boolean;
  /** The path parameters (strings before the schema's preprocessing). */
  params?: z.ZodType;
  /** The query string only. */
  query?: z.ZodType;
  /** The JSON body only (empty = `{}`). */
  json?: z.ZodType;
  /** The query string and the body (JSON, form or multipart) merged, whatever the method. */
  input?: z.ZodType;
  /** The JSON answer of a success (2xx): what the handler returns, serialised by the router. */
  output?: z.ZodType;
  /** Answers the handler builds as a Response instead (files, HTML, streams, redirects). */
  answers?: readonly AnswerKind[];
  /** One line for the OpenAPI document. */
  summary?: string;
}

declare const contractBrand: unique symbol;

type KindOf<S extends ContractSpec> = "kind" extends keyof S ? Exclude<S["kind"], undefined> : "action";

/** A declared contract: the spec with its defaults filled in. */
export type Contract<S extends ContractSpec = ContractSpec> = Omit<S, "kind" | "mutates"> & {
  readonly kind: KindOf<S>;
  readonly mutates: boolean;
  readonly [contractBrand]: true;
};

/** A contract answers JSON, other kinds, or both; it must say at least one. */
type Answers<S> = S extends { output: z.ZodType } | { answers: readonly [AnswerKind, ...AnswerKind[]] }
  ? S
  : { output: "a contract declares its output schema, or the kinds it answers (answers)" };

/** Declares a route's contract (see the file's head). */
export function contract<const S extends ContractSpec>(spec: S & Answers<S>): Contract<S> {
  return { kind: "action", mutates: false, ...spec, contract: true } as unknown as Contract<S>;
}

/** Whether a value is a contract (the UI's descriptors are too). */
export const isContract = (v: unknown): v is Contract =>
  typeof v === "object" && v !== null && (v as { contract?: unknown }).contract === true;

// ---- Types: what a caller sends and gets back ----

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * What a caller sends for one schema: the validated (output) types, optional where the schema
 * lets the field be left out. (A field helper's input type is `unknown`: it also accepts a form's
 * strings; a typed caller sends the values themselves.)
 */
export type Sent<S> = S extends z.ZodType
  ? Simplify<
      { [K in Exclude<keyof z.output<S>, OptionalKeys<z.input<S>>>]: z.output<S>[K] } & {
        [K in Extract<keyof z.output<S>, OptionalKeys<z.input<S>>>]?: z.output<S>[K];
      }
    >
  : object;

/** The names of a path's parameters: `:playerId{[0-9]+}` → playerId. */
type ParamName<S extends string> = S extends `${infer N}{${string}` ? N : S extends `${infer N}?` ? N : S;
type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Seg}/${infer Tail}`
    ? ParamName<Seg> | PathParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;
/** A path parameter no schema declares: the locale is one of ours, any other is sent as it is. */
type PathParams<P extends string> = { [K in PathParamNames<P>]: K extends "locale" ? "ru" | "en" : string | number };

type SchemaInput<C> = (C extends { params: infer S } ? Sent<S> : object) &
  (C extends { query: infer S } ? Sent<S> : object) &
  (C extends { json: infer S } ? Sent<S> : object) &
  (C extends { input: infer S } ? Sent<S> : object);

/** What a caller of the contract sends: path parameters and fields in one object. */
export type InputOf<C extends ContractSpec> = Simplify<
  Omit<PathParams<C["path"]>, keyof SchemaInput<C>> & SchemaInput<C>
>;

/** What a caller gets back: the output schema's type (the JSON as it arrives). */
export type OutputOf<C extends ContractSpec> = C extends { output: infer O extends z.ZodType } ? z.output<O> : never;

/** What a handler returns: its output as data, or a Response of a declared kind. */
export type AnswerOf<C extends ContractSpec> =
  | (C extends { output: infer O extends z.ZodType } ? z.input<O> : never)
  | (C extends { answers: readonly [AnswerKind, ...AnswerKind[]] } ? Response : never);

// ---- Calling: the address and the request a contract makes of an input ----

/** The method a caller uses: the stated one; for ANY and GET|POST, POST when it changes state. */
export const methodOf = (c: Pick<ContractSpec, "method" | "mutates">): "GET" | "POST" | "DELETE" =>
  c.method === "ANY" || c.method === "GET|POST" ? (c.mutates ? "POST" : "GET") : c.method;

/**
 * The request a call makes: the method, the address — the path's parameters taken from the input
 * (an optional one left out drops its segment), the other fields as the query string of a GET
 * (arrays repeat their key, objects travel as JSON) — and the JSON body of the other methods.
 */
export function requestOf(
  c: Pick<ContractSpec, "method" | "mutates" | "path">,
  input: Record<string, unknown> = {},
): { method: "GET" | "POST" | "DELETE"; url: string; body?: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...input };
  // A parameter's pattern holds no braces (routes.tsv has none: `{[0-9]+}`, `{ru|en}`, `{[^/]+}`).
  const path = c.path.replace(/\/:(\w+)(?:\{[^}]*\})?(\?)?/g, (_, name: string, optional) => {
    const v = rest[name];
    delete rest[name];
    if (v != null && v !== "") return `/${encodeURIComponent(`${v}`)}`;
    if (optional) return "";
    throw new Error(name);
  });
  const method = methodOf(c);
  if (method !== "GET") return { method, url: path, body: rest };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(rest))
    for (const item of [v].flat())
      if (item != null) q.append(k, typeof item === "object" ? JSON.stringify(item) : `${item}`);
  return { method, url: `${q}` ? `${path}?${q}` : path };
}
