// A player's friends (operators answer or end them on the player's behalf), the terms and rating
// resets, the devices they sign in from, and the jump to their social network profile.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { AppError, notFound } from "../../domain/errors.ts";
import { playerIdentities } from "../../db/schema/players.ts";
import { socialNetworks } from "../../db/schema/system.ts";
import * as friends from "../../domain/friends.ts";
import * as terms from "../../domain/terms.ts";
import { devicesOf } from "../../domain/devices.ts";
import { OPERATOR, SUPPORT, playerOr404, byPlayer } from "./shared.ts";

const playerInput = z.object({ playerId: f.id() });
const requestInput = z.object({ requestId: f.id() });
const removeInput = z.object({ playerId: f.id(), friendId: f.id() });

export function registerAdminCommunity(app: Hono<HonoEnv>) {
  route(app, { method: "ANY", path: "/admin/player/friends/get", ...SUPPORT }, { input: playerInput }, async (c, v) => {
    const db = c.var.deps.db;
    await playerOr404(db, v.playerId);
    return c.json({ playerId: v.playerId, ...(await friends.friendsOf(db, v.playerId)) });
  });

  route(
    app,
    { method: "ANY", path: "/admin/player/friend/accept", ...OPERATOR, mutates: true },
    { input: requestInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const r = await friends.acceptRequest(db, { requestId: v.requestId, at: clock.now() });
      await audit(c, db, {
        action: "friend.accept",
        targetType: "player",
        targetId: r.toId,
        summary: `friend request #${r.requestId} from ${r.fromId} accepted for ${r.toId}`,
        details: { changes: [{ field: "fromPlayer", after: r.fromId }] },
      });
      return c.json({ ...r, status: "accepted" });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/friend/decline", ...OPERATOR, mutates: true },
    { input: requestInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const r = await friends.declineRequest(db, { requestId: v.requestId, at: clock.now() });
      await audit(c, db, {
        action: "friend.decline",
        targetType: "player",
        targetId: r.toId,
        summary: `friend request #${r.requestId} from ${r.fromId} declined for ${r.toId}`,
        details: { changes: [{ field: "fromPlayer", after: r.fromId }] },
      });
      return c.json(r);
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/friend/remove", ...OPERATOR, mutates: true },
    { input: removeInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await db.transaction(async (tx) => {
        await friends.removeFriend(tx, v);
        await audit(c, tx, {
          action: "friend.remove",
          targetType: "player",
          targetId: v.playerId,
          summary: `friendship ${v.playerId} – ${v.friendId} ended`,
          details: { changes: [{ field: "friend", before: v.friendId, after: null }] },
        });
      });
      return c.json({ removed: true, playerId: v.playerId, friendId: v.friendId });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/resetEula", ...OPERATOR, mutates: true },
    { input: playerInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await playerOr404(db, v.playerId);
      await db.transaction(async (tx) => {
        if (!(await terms.resetEula(tx, v.playerId))) throw new AppError("conflict", "players.error.nothing_to_change");
        await audit(c, tx, {
          action: "player.resetEula",
          targetType: "player",
          targetId: v.playerId,
          summary: "must accept the terms again",
          details: { changes: [] },
        });
      });
      return c.json(await terms.termsOf(db, v.playerId));
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/resetRateForBonus", ...OPERATOR, mutates: true },
    { input: playerInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await playerOr404(db, v.playerId);
      await db.transaction(async (tx) => {
        if (!(await terms.resetRateForBonus(tx, v.playerId)))
          throw new AppError("conflict", "players.error.nothing_to_change");
        await audit(c, tx, {
          action: "player.resetRateForBonus",
          targetType: "player",
          targetId: v.playerId,
          summary: "the game may ask for a rating again",
          details: { changes: [] },
        });
      });
      return c.json(await terms.termsOf(db, v.playerId));
    },
  );

  page(app, { path: "/admin/player/:playerId{[0-9]+}/devices", ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const db = c.var.deps.db;
    const p = await playerOr404(db, v.playerId);
    const identities = await db
      .select({ network: playerIdentities.network, uid: playerIdentities.uid, createdAt: playerIdentities.createdAt })
      .from(playerIdentities)
      .where(eq(playerIdentities.playerId, p.id));
    return c.json({
      player: { id: p.id, nickname: p.nickname },
      devices: await devicesOf(db, p.id),
      terms: await terms.termsOf(db, p.id),
      identities,
    });
  });

  // The player's page on the network the uid belongs to (the first network, by sort order, with a profile address).
  route(
    app,
    { method: "ANY", path: "/admin/player/goToMailProfile/:uid{[^/]+}", ...SUPPORT },
    { params: z.object({ uid: f.text(1, 128) }) },
    async (c, { uid }) => {
      const db = c.var.deps.db;
      const rows = await db
        .select({ network: playerIdentities.network, url: socialNetworks.profileUrl })
        .from(playerIdentities)
        .innerJoin(socialNetworks, eq(socialNetworks.key, playerIdentities.network))
        .where(and(eq(playerIdentities.uid, uid)))
        .orderBy(asc(socialNetworks.sortOrder));
      const hit = rows.find((r) => r.url.includes("{uid}"));
      if (!hit) throw notFound();
      return c.redirect(hit.url.replaceAll("{uid}", encodeURIComponent(uid)), 302);
    },
  );
}
