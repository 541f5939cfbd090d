// The game client's calls carry `Authorization: Bearer <GAME_API_KEY>`. The key comes from the
// settings (edge/config.ts; a demo default for local use); a server without it refuses every call.
import type { Context, MiddlewareHandler } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { AppError } from "../domain/errors.ts";
import "../domain/identity-messages.ts";

/**
 * Walks the whole expected key whatever was given, so the time taken says nothing about how much
 * of it matched (only its length, which is not secret). Synchronous: the game API's hottest
 * reads pay nothing for it (bench/api-read.ts).
 */
export function sameSecret(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i) | 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

/** Throws the 401 (or 503 without a configured key) unless the call carries the game API key. */
export function assertGameKey(c: Context<HonoEnv>) {
  const expected = c.var.deps.settings.secrets.GAME_API_KEY;
  if (!expected) throw new AppError("unavailable", "identity.gameKeyMissing");
  const header = c.req.header("authorization") ?? "";
  // "Bearer <key>" as clients send it is compared as it is; any other spelling is parsed.
  const given =
    header.length === expected.length + 7 && header.startsWith("Bearer ")
      ? header.slice(7)
      : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (given === undefined || !sameSecret(given, expected))
    throw new AppError("unauthorized", "identity.gameKey", [], 401, undefined, {
      "WWW-Authenticate": 'Bearer realm="game"',
    });
}

/** The key check ahead of a route's validators (a bad key is a 401 before any 400). */
export const requireGameKey: MiddlewareHandler<HonoEnv> = (c, next) => {
  assertGameKey(c);
  return next();
};
