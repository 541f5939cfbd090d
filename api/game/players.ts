// The game client's calls about players: register one with a social identity or an email, and
// issue a short-lived, single-use link that signs them in on the site. Every call carries
// `Authorization: Bearer <GAME_API_KEY>` (api/identity/game-key.ts).
import type { Context, Hono } from "hono";
import { readFirstRow, type NamedRow } from "../db/read.ts";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { AppError, fieldError } from "../domain/errors.ts";
import { registerPlayer, nicknameField } from "../domain/players.ts";
import { hashPassword, PASSWORD_MIN, PASSWORD_MAX } from "../identity/password.ts";
import { requireGameKey } from "../identity/game-key.ts";
import { playerByEmail, playerByIdentity, playerById, type PlayerRow } from "../identity/players.ts";
import { issueToken } from "../identity/tokens.ts";
import { assertNotBanned } from "../identity/bans.ts";
import { randomToken } from "../http/session.ts";
import { recordDevice, saveIdentityProfile } from "../domain/devices.ts";
import { requestCountry } from "../http/session.ts";

const slug = (max: number) =>
  f.optional(
    z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z
        .string()
        .regex(/^[a-z0-9_.-]+$/)
        .min(2)
        .max(max),
    ),
  );
const identityFields = { network: slug(32), uid: f.optionalText(128) };

const registerBody = z.object({
  ...identityFields,
  email: f.optional(f.email()),
  password: f.optional(z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)),
  nickname: f.optional(nicknameField()),
  country: f.optional(
    z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/)),
  ),
  platform: slug(32),
  source: slug(64),
  locale: f.optional(z.enum(["ru", "en"])),
  /** The device the game runs on and its version (the player's devices, domain/devices.ts). */
  deviceId: f.optionalText(128),
  appVersion: f.optionalText(32),
  /** The social network's profile data (name, photo) for the identity (socialUpdate). */
  profileName: f.optionalText(100),
  profilePhoto: f.optional(
    z
      .string()
      .trim()
      .max(500)
      .regex(/^https:\/\//),
  ),
});

/** Paths on the player site a sign-in link may lead to. */
const byPlayer = z.object({ playerId: f.id() });
const nextPath = f.optional(
  z
    .string()
    .max(200)
    .regex(/^\/(?:(?:ru|en)\/)?public(?:\/[A-Za-z0-9_/-]*)?$/),
);
const tokenBody = z.object({ playerId: f.optional(f.id()), ...identityFields, next: nextPath });

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
  route(
    app,
    { method: "POST", path: "/game/api/players/register", auth: "none" },
    { use: [requireGameKey], input: registerBody },
    async (c, b) => {
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
      if (known) return (await seen(known.id), c.json(answer(known, false), 200));
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
        return c.json(answer(p, created), created ? 201 : 200);
      } catch (err) {
        // A concurrent registration of the same identity or email won the race: answer its player.
        if (
          !(err instanceof AppError) &&
          /UNIQUE/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ""))
        ) {
          const winner = await find();
          if (winner) await seen(winner.id);
          if (winner) return c.json(answer(winner, false), 200);
        }
        throw err;
      }
    },
  );

  route(
    app,
    { method: "POST", path: "/game/api/players/site-token", auth: "none" },
    { use: [requireGameKey], input: tokenBody },
    async (c, b) => {
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
      return c.json(
        { playerId: p.id, token, expiresAt, url: `${settings.publicUrl}${path}?token=${encodeURIComponent(token)}` },
        201,
      );
    },
  );

  // The player's state as a battle server needs it at matchmaking and battle start. The hottest
  // read of the game API, so it takes the fast path: one prepared primary-key statement through
  // the libSQL client, synchronously where the driver reads synchronously (api/db/read.ts), the
  // row straight to JSON, no query building or row mapping (bench/api-read.ts). Erased players
  // are gone.
  route(
    app,
    { method: "GET", path: "/game/api/players/:playerId{[0-9]+}", auth: "none" },
    { use: [requireGameKey], params: byPlayer },
    (c, v) => {
      const row = readFirstRow(c.var.deps.client, { sql: PLAYER_STATE_SQL, args: [v.playerId] });
      return row instanceof Promise ? row.then((r) => playerState(c, r)) : playerState(c, row);
    },
  );
}

function playerState(c: Context<HonoEnv>, row: NamedRow | undefined) {
  if (!row) throw new AppError("not_found", "identity.playerNotFound");
  return c.json(row);
}

/** What GET /game/api/players/:playerId answers (bench/servers/bare-sqlite.ts runs the same read). */
export const PLAYER_STATE_SQL =
  "SELECT id, nickname, level, experience, rating, battles, wins, gold, silver, premium_until AS premiumUntil, current_tank_id AS currentTankId, banned_until AS bannedUntil, ban_reason AS banReason, locale FROM players WHERE id = ? AND erased_at IS NULL";

/** A game sign-in: the device it came from, and the identity's profile data as the network sent it. */
async function noteGameSignIn(
  c: Context<HonoEnv>,
  playerId: number,
  b: z.output<typeof registerBody>,
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
