// The game client's calls about players: register one with a social identity or an email, and
// issue a short-lived, single-use link that signs them in on the site. Every call carries
// `Authorization: Bearer <GAME_API_KEY>` (api/identity/game-key.ts); contracts in
// api/contracts/game/api/players.ts.
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { readFirstRow, type NamedRow } from "../db/read.ts";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { AppError, fieldError } from "../domain/errors.ts";
import { registerPlayer } from "../domain/players.ts";
import { hashPassword } from "../domain/password.ts";
import * as players from "../contracts/game/api/players.ts";
import { playerByEmail, playerByIdentity, playerById, type PlayerRow } from "../domain/players.ts";
import { issueToken } from "../domain/tokens.ts";
import { assertNotBanned } from "../domain/bans.ts";
import { randomToken } from "../domain/tokens.ts";
import { recordDevice, saveIdentityProfile } from "../domain/devices.ts";
import { requestCountry } from "../http/session.ts";

/** Network and uid come together or not at all. */
function identityOf(b: { network?: string; uid?: string }): { network: string; uid: string } | undefined {
  if (b.network && !b.uid) throw fieldError({ uid: { id: "validation.required" } });
  if (b.uid && !b.network) throw fieldError({ network: { id: "validation.required" } });
  return b.network && b.uid ? { network: b.network, uid: b.uid } : undefined;
}

const answer = (p: Pick<PlayerRow, "id" | "nickname" | "email" | "locale">, created: boolean) => ({
  playerId: p.id,
  nickname: p.nickname,
  email: p.email,
  locale: p.locale,
  created,
});

export function registerGamePlayers(app: Hono<HonoEnv>) {
  route(app, players.register, async (c, b) => {
    const identity = identityOf(b);
    if (!identity && !b.email) throw new AppError("validation", "identity.identityOrEmail");
    if (b.password && !b.email) throw fieldError({ email: { id: "validation.required" } });
    const { db, clock } = c.var.deps;
    // The same identity (or, without one, the same email) is the same player: a retry or a
    // second install registers nobody new.
    const find = async () =>
      identity ? await playerByIdentity(db, identity.network, identity.uid) : await playerByEmail(db, b.email!);
    const known = await find();
    const seen = (playerId: number) => noteGameSignIn(c, playerId, b, identity);
    if (known) return (await seen(known.id), answer(known, false));
    if (b.email && (await playerByEmail(db, b.email))) throw fieldError({ email: { id: "validation.unique" } });
    const locale = b.locale ?? c.var.locale;
    const at = clock.now();
    try {
      const { playerId } = await registerPlayer(db, {
        nickname: b.nickname ?? `Tanker_${randomToken(6).replace(/[-_]/g, "x")}`,
        email: b.email ?? null,
        passwordHash: b.password ? await hashPassword(b.password) : null,
        country: b.country ?? "RU",
        platform: b.platform ?? "web",
        source: b.source ?? "organic",
        locale,
        identity,
        at,
      });
      const p = (await playerById(db, playerId))!;
      // registerPlayer answers an existing player when the identity appeared meanwhile.
      const created = p.createdAt === at;
      await seen(p.id);
      c.status(created ? 201 : 200);
      return answer(p, created);
    } catch (err) {
      // A concurrent registration of the same identity or email won the race: answer its player.
      if (
        !(err instanceof AppError) &&
        /UNIQUE/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ""))
      ) {
        const winner = await find();
        if (winner) await seen(winner.id);
        if (winner) return answer(winner, false);
      }
      throw err;
    }
  });

  route(app, players.siteToken, async (c, b) => {
    const identity = identityOf(b);
    if (!b.playerId && !identity) throw fieldError({ playerId: { id: "validation.required" } });
    const { db, clock, settings } = c.var.deps;
    const p = b.playerId
      ? await playerById(db, b.playerId)
      : await playerByIdentity(db, identity!.network, identity!.uid);
    if (!p) throw new AppError("not_found", "identity.playerNotFound");
    const now = clock.now();
    assertNotBanned(p, now);
    const { token, expiresAt } = await issueToken(db, p.id, "site", now);
    const path = b.next ?? `/${p.locale === "en" ? "en" : "ru"}/public`;
    c.status(201);
    return { playerId: p.id, token, expiresAt, url: `${settings.publicUrl}${path}?token=${encodeURIComponent(token)}` };
  });

  // The player's state as a battle server needs it at matchmaking and battle start. The hottest
  // read of the game API, so it takes the fast path: one prepared primary-key statement through
  // the libSQL client, synchronously where the driver reads synchronously (api/db/read.ts), the
  // row straight to JSON, no query building or row mapping (bench/api-read.ts). Erased players
  // are gone.
  route(app, players.playerState, (c, v) => {
    const row = readFirstRow(c.var.deps.client, { sql: PLAYER_STATE_SQL, args: [v.playerId] });
    return row instanceof Promise ? row.then(playerState) : playerState(row);
  });
}

/** The row as PLAYER_STATE_SQL names its columns: the contract's output (checked under tests). */
function playerState(row: NamedRow | undefined) {
  if (!row) throw new AppError("not_found", "identity.playerNotFound");
  return row as z.input<typeof players.playerState.output>;
}

/** What GET /game/api/players/:playerId answers (bench/servers/bare-sqlite.ts runs the same read). */
export const PLAYER_STATE_SQL =
  "SELECT id, nickname, level, experience, rating, battles, wins, gold, silver, premium_until AS premiumUntil, current_tank_id AS currentTankId, banned_until AS bannedUntil, ban_reason AS banReason, locale FROM players WHERE id = ? AND erased_at IS NULL";

/** A game sign-in: the device it came from, and the identity's profile data as the network sent it. */
async function noteGameSignIn(
  c: Context<HonoEnv>,
  playerId: number,
  b: z.output<typeof players.register.input>,
  identity: { network: string; uid: string } | undefined,
) {
  const { db, clock } = c.var.deps;
  const at = clock.now();
  await recordDevice(db, {
    playerId,
    client: "game",
    deviceKey: b.deviceId ?? `${b.platform ?? "web"}:${identity ? `${identity.network}:${identity.uid}` : "email"}`,
    platform: b.platform ?? "web",
    appVersion: b.appVersion,
    userAgent: c.req.header("user-agent") ?? "",
    country: requestCountry(c),
    at,
  });
  if (identity && (b.profileName || b.profilePhoto))
    await saveIdentityProfile(db, { ...identity, name: b.profileName ?? "", photoUrl: b.profilePhoto ?? "", at });
}
