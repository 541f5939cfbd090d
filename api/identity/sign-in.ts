// Signing a player in on this browser, whichever way they proved who they are (password, a link
// by mail, a network, a new guest): the browser's previous session ends, a new one starts, the
// login is recorded (last sign-in, DAU).
import type { Context } from "hono";
import type { HonoEnv } from "../http/env.ts";
import type { Tx } from "../db/index.ts";
import { startSession } from "../http/session.ts";
import { recordActivity } from "../domain/players.ts";
import { endSessionByHash } from "../domain/sessions.ts";
import type { PlayerRow } from "../domain/players.ts";

export async function signIn(c: Context<HonoEnv>, tx: Tx, p: Pick<PlayerRow, "id">, now: number) {
  if (c.var.player?.tokenHash) await endSessionByHash(tx, c.var.player.tokenHash);
  const s = await startSession(c, tx, "player", p.id);
  // A login also moves the player's last sign-in (recordActivity).
  await recordActivity(tx, p.id, "login", now);
  return s;
}

/** What a sign-in answers about the player. */
export const publicPlayer = (p: PlayerRow) => ({
  id: p.id,
  nickname: p.nickname,
  email: p.email,
  locale: p.locale,
  guest: p.guest,
  emailVerified: p.emailVerified,
});

/** A browser opening the address: it gets the screen, not the action. */
export const isScreen = (c: Context<HonoEnv>) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && !(c.req.header("accept") ?? "").includes("application/json");
