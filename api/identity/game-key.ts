// The game client's calls carry `Authorization: Bearer <GAME_API_KEY>`. The key comes from the
// settings (edge/config.ts; a demo default for local use); a server without it refuses every call.
import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { AppError } from "../http/errors.ts";
import { sha256Hex } from "../http/session.ts";
import "./messages.ts";

/** Compares the digests, so the time taken says nothing about how much of the key matched. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Hex(given), sha256Hex(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export const requireGameKey: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const expected = c.var.deps.settings.secrets.GAME_API_KEY;
  if (!expected) throw new AppError("unavailable", "identity.gameKeyMissing");
  const header = c.req.header("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m || !(await sameSecret(m[1], expected))) throw new AppError("unauthorized", "identity.gameKey", [], 401, undefined, { "WWW-Authenticate": 'Bearer realm="game"' });
  await next();
};
