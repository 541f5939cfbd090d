// /admin/tools/: support tools over whole accounts. load/player is everything about one account in
// one document; importPlayer makes an account from such a document (validated, all-or-nothing);
// swap/players exchanges two accounts' sign-in identities (swap again to undo); transfer/
// socialNetworks moves one network identity to another account (transfer back to undo);
// socialUpdate refreshes the nickname and avatar from the network's profile data (the audit row
// keeps the values it replaced). The store's unique (network, uid) index means no identity can
// ever sit on two accounts; each tool checks it first to answer a clear 409.
import type { Hono } from "hono";
import { z } from "zod";
import { and, eq, inArray } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit, valuesOf } from "../../http/audit.ts";
import { changesOf } from "../../domain/audit-details.ts";

/** Sign-in identities as the log keeps them: "network:uid" (the log shows the network in words). */
const idsOf = (l: { network: string; uid: string }[]) => l.map((i) => `${i.network}:${i.uid}`);
import { AppError, fieldError } from "../../domain/errors.ts";
import { endAllSessions } from "../../http/session.ts";
import type { DbOrTx } from "../../db/index.ts";
import { playerIdentities, players } from "../../db/schema/players.ts";
import { socialNetworks } from "../../db/schema/system.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { clanMembers } from "../../db/schema/clans.ts";
import { blacklist } from "../../db/schema/social.ts";
import { friends, identityProfiles, playerDevices, playerTerms } from "../../db/schema/community.ts";
import { ITEM_TYPES } from "../../db/schema/inventory.ts";
import { applyLedger } from "../../domain/ledger.ts";
import { assertNicknameFree } from "../../domain/players.ts";
import { OPERATOR, ADMIN, playerOr404, publicRow, byPlayer } from "./shared.ts";

export const DOCUMENT_FORMAT = "tankodrome.player/1";

const twoInput = z.object({ playerA: f.id(), playerB: f.id() });
const transferInput = z.object({
  fromPlayerId: f.id(),
  toPlayerId: f.id(),
  network: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_.-]{2,32}$/),
});
const socialInput = z.object({
  network: f.optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_.-]{2,32}$/),
  ),
});

const slug = z.string().regex(/^[a-z0-9_.-]{1,64}$/);
/** What importPlayer accepts: a load/player document (the fields it restores). */
export const playerDocument = z.object({
  format: z.literal(DOCUMENT_FORMAT),
  player: z.object({
    nickname: f.nickname(),
    email: z.email().max(254).nullable(),
    country: z.string().regex(/^[A-Z]{2}$/),
    region: z
      .string()
      .regex(/^[A-Za-z0-9]{1,20}$/)
      .nullable()
      .optional(),
    city: z.string().min(1).max(100).nullable().optional(),
    platform: slug,
    source: slug,
    locale: z.enum(["ru", "en"]),
    level: z.int().min(1).max(100),
    experience: z.int().min(0).max(1e12),
    rating: z.int().min(0).max(1e6),
    battles: z.int().min(0).max(1e9),
    wins: z.int().min(0).max(1e9),
    gold: z.int().min(0).max(1e9),
    silver: z.int().min(0).max(1e12),
    premiumUntil: z.int().nullable(),
    createdAt: z.int().min(0),
  }),
  identities: z.array(z.object({ network: slug, uid: z.string().min(1).max(128) })).max(20),
  items: z
    .array(z.object({ itemType: z.enum(ITEM_TYPES), itemId: z.int().min(1), quantity: z.int().min(1).max(1e6) }))
    .max(5000),
  terms: z
    .object({
      eulaVersion: z.int().nullable(),
      eulaAcceptedAt: z.int().nullable(),
      ratedAt: z.int().nullable(),
      rating: z.int().nullable(),
      bonusPaidAt: z.int().nullable(),
    })
    .nullable(),
});
const importInput = z.object({ document: f.jsonValue() });

/** Everything about one account. */
export async function loadPlayer(db: DbOrTx, playerId: number, now: number) {
  const p = await playerOr404(db, playerId);
  const identities = await db
    .select({ network: playerIdentities.network, uid: playerIdentities.uid, createdAt: playerIdentities.createdAt })
    .from(playerIdentities)
    .where(eq(playerIdentities.playerId, p.id));
  const [items, devices, [terms], [clan], friendRows, blocked, profiles] = await Promise.all([
    db
      .select({
        itemType: playerItems.itemType,
        itemId: playerItems.itemId,
        quantity: playerItems.quantity,
        acquiredAt: playerItems.acquiredAt,
      })
      .from(playerItems)
      .where(eq(playerItems.playerId, p.id)),
    db.select().from(playerDevices).where(eq(playerDevices.playerId, p.id)),
    db.select().from(playerTerms).where(eq(playerTerms.playerId, p.id)).limit(1),
    db.select().from(clanMembers).where(eq(clanMembers.playerId, p.id)).limit(1),
    db.select({ playerId: friends.friendId, since: friends.since }).from(friends).where(eq(friends.playerId, p.id)),
    db.select({ playerId: blacklist.blockedId }).from(blacklist).where(eq(blacklist.playerId, p.id)),
    identities.length
      ? db
          .select()
          .from(identityProfiles)
          .where(
            inArray(
              identityProfiles.uid,
              identities.map((i) => i.uid),
            ),
          )
      : Promise.resolve([]),
  ]);
  const { passwordHash: _omit, ...row } = p;
  void _omit;
  return {
    format: DOCUMENT_FORMAT,
    exportedAt: now,
    player: { ...publicRow(p), ...row },
    identities,
    profiles: profiles.filter((x) => identities.some((i) => i.network === x.network && i.uid === x.uid)),
    items,
    devices,
    terms: terms
      ? {
          eulaVersion: terms.eulaVersion,
          eulaAcceptedAt: terms.eulaAcceptedAt,
          ratedAt: terms.ratedAt,
          rating: terms.rating,
          bonusPaidAt: terms.bonusPaidAt,
        }
      : null,
    clan: clan ?? null,
    friends: friendRows,
    blacklist: blocked.map((b) => b.playerId),
  };
}

async function identitiesOf(db: DbOrTx, playerId: number) {
  return db.select().from(playerIdentities).where(eq(playerIdentities.playerId, playerId));
}

export function registerTools(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/tools/", ...OPERATOR }, async (c) => {
    const nets = await c.var.deps.db
      .select({ key: socialNetworks.key, name: socialNetworks.name })
      .from(socialNetworks)
      .orderBy(socialNetworks.sortOrder);
    return c.json({ networks: nets, format: DOCUMENT_FORMAT });
  });

  route(
    app,
    { method: "GET", path: "/admin/tools/load/player/:playerId{[0-9]+}", ...OPERATOR },
    { params: byPlayer },
    async (c, v) => {
      const doc = await loadPlayer(c.var.deps.db, v.playerId, c.var.deps.clock.now());
      c.header("content-disposition", `attachment; filename="player-${doc.player.id}.json"`);
      return c.json(doc);
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/tools/swap/players", ...ADMIN, mutates: true },
    { input: twoInput },
    async (c, v) => {
      if (v.playerA === v.playerB) throw fieldError({ playerB: { id: "tools.error.same_player" } });
      const db = c.var.deps.db;
      const result = await db.transaction(async (tx) => {
        const [a, b] = [await playerOr404(tx, v.playerA), await playerOr404(tx, v.playerB)];
        const [ia, ib] = [await identitiesOf(tx, a.id), await identitiesOf(tx, b.id)];
        // By row ids, so A's rows and B's cross over without meeting.
        if (ia.length)
          await tx
            .update(playerIdentities)
            .set({ playerId: b.id })
            .where(
              inArray(
                playerIdentities.id,
                ia.map((i) => i.id),
              ),
            );
        if (ib.length)
          await tx
            .update(playerIdentities)
            .set({ playerId: a.id })
            .where(
              inArray(
                playerIdentities.id,
                ib.map((i) => i.id),
              ),
            );
        await endAllSessions(tx, "player", a.id);
        await endAllSessions(tx, "player", b.id);
        const fmt = (l: typeof ia) => l.map((i) => `${i.network}:${i.uid}`).join(", ") || "—";
        await audit(c, tx, {
          action: "tools.swap",
          targetType: "player",
          targetId: `${a.id},${b.id}`,
          summary: `identities swapped: #${a.id} [${fmt(ia)}] ⇄ #${b.id} [${fmt(ib)}]`,
          details: {
            changes: [
              { field: "player", after: a.id },
              { field: "identities", before: idsOf(ia), after: idsOf(ib) },
              { field: "player", after: b.id },
              { field: "identities", before: idsOf(ib), after: idsOf(ia) },
            ],
          },
        });
        return {
          [a.id]: ib.map((i) => ({ network: i.network, uid: i.uid })),
          [b.id]: ia.map((i) => ({ network: i.network, uid: i.uid })),
        };
      });
      return c.json({ identities: result });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/tools/transfer/socialNetworks", ...ADMIN, mutates: true },
    { input: transferInput },
    async (c, v) => {
      if (v.fromPlayerId === v.toPlayerId) throw fieldError({ toPlayerId: { id: "tools.error.same_player" } });
      const db = c.var.deps.db;
      const moved = await db.transaction(async (tx) => {
        await playerOr404(tx, v.fromPlayerId);
        await playerOr404(tx, v.toPlayerId);
        const [identity] = await tx
          .select()
          .from(playerIdentities)
          .where(and(eq(playerIdentities.playerId, v.fromPlayerId), eq(playerIdentities.network, v.network)))
          .limit(1);
        if (!identity) throw new AppError("conflict", "tools.error.no_identity", [v.network]);
        const [taken] = await tx
          .select()
          .from(playerIdentities)
          .where(and(eq(playerIdentities.playerId, v.toPlayerId), eq(playerIdentities.network, v.network)))
          .limit(1);
        if (taken) throw new AppError("conflict", "tools.error.identity_taken", [`${taken.network}:${taken.uid}`]);
        await tx.update(playerIdentities).set({ playerId: v.toPlayerId }).where(eq(playerIdentities.id, identity.id));
        await endAllSessions(tx, "player", v.fromPlayerId);
        await audit(c, tx, {
          action: "tools.transfer",
          targetType: "player",
          targetId: v.toPlayerId,
          summary: `${identity.network}:${identity.uid} moved #${v.fromPlayerId} → #${v.toPlayerId}`,
          details: valuesOf({ identities: idsOf([identity]), fromPlayer: v.fromPlayerId, toPlayer: v.toPlayerId }),
        });
        return { network: identity.network, uid: identity.uid };
      });
      return c.json({ moved, from: v.fromPlayerId, to: v.toPlayerId });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/tools/socialUpdate/:playerId{[0-9]+}", ...OPERATOR, mutates: true },
    { params: byPlayer, input: socialInput },
    async (c, v) => {
      const db = c.var.deps.db;
      const playerId = v.playerId;
      const out = await db.transaction(async (tx) => {
        const p = await playerOr404(tx, playerId);
        if (p.erasedAt !== null) throw new AppError("conflict", "players.error.erased");
        const ids = (await identitiesOf(tx, p.id)).filter((i) => !v.network || i.network === v.network);
        const profiles = ids.length
          ? await tx
              .select()
              .from(identityProfiles)
              .where(
                inArray(
                  identityProfiles.uid,
                  ids.map((i) => i.uid),
                ),
              )
          : [];
        const prof = profiles
          .filter((x) => ids.some((i) => i.network === x.network && i.uid === x.uid))
          .sort((a, b) => b.updatedAt - a.updatedAt)[0];
        if (!prof) throw new AppError("conflict", "tools.error.no_profile");
        const name = f.nickname().safeParse(prof.name);
        const nickname = name.success ? name.data : p.nickname;
        if (nickname !== p.nickname) await assertNicknameFree(tx, nickname, p.id);
        const avatarUrl = prof.photoUrl || p.avatarUrl;
        if (nickname === p.nickname && avatarUrl === p.avatarUrl)
          throw new AppError("conflict", "players.error.nothing_to_change");
        await tx.update(players).set({ nickname, avatarUrl }).where(eq(players.id, p.id));
        await audit(c, tx, {
          action: "tools.socialUpdate",
          targetType: "player",
          targetId: p.id,
          summary: `from ${prof.network}: nickname ${JSON.stringify(p.nickname)} → ${JSON.stringify(nickname)}; avatar ${JSON.stringify(p.avatarUrl)} → ${JSON.stringify(avatarUrl)}`,
          details: {
            changes: [
              { field: "network", after: prof.network },
              ...changesOf({ nickname: p.nickname, avatarUrl: p.avatarUrl }, { nickname, avatarUrl }),
            ],
          },
        });
        return { playerId: p.id, nickname, avatarUrl, network: prof.network };
      });
      return c.json(out);
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/tools/importPlayer", ...ADMIN, mutates: true },
    { input: importInput },
    async (c, v) => {
      // A file upload (the screen's import) or the document itself (JSON body or text field).
      let raw: unknown = v.document;
      if (typeof Blob !== "undefined" && raw instanceof Blob) {
        try {
          raw = JSON.parse(await raw.text());
        } catch {
          throw fieldError({ document: { id: "validation.pattern" } });
        }
      }
      const parsed = playerDocument.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError("validation", "tools.error.document", [`${issue.path.join(".")}: ${issue.message}`], 400, {
          document: { id: "validation.pattern" },
        });
      }
      const doc = parsed.data;
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const playerId = await db.transaction(async (tx) => {
        for (const i of doc.identities) {
          const [taken] = await tx
            .select({ playerId: playerIdentities.playerId })
            .from(playerIdentities)
            .where(and(eq(playerIdentities.network, i.network), eq(playerIdentities.uid, i.uid)))
            .limit(1);
          if (taken) throw new AppError("conflict", "tools.error.identity_taken", [`${i.network}:${i.uid}`]);
        }
        await assertNicknameFree(tx, doc.player.nickname, null);
        if (doc.player.email) {
          const [e] = await tx
            .select({ id: players.id })
            .from(players)
            .where(eq(players.email, doc.player.email))
            .limit(1);
          if (e) throw fieldError({ email: { id: "validation.unique" } });
        }
        const { gold, silver, ...rest } = doc.player;
        const [p] = await tx
          .insert(players)
          .values({ ...rest, createdAt: rest.createdAt })
          .returning({ id: players.id });
        if (doc.identities.length)
          await tx
            .insert(playerIdentities)
            .values(doc.identities.map((i) => ({ playerId: p.id, network: i.network, uid: i.uid, createdAt: at })));
        if (doc.items.length)
          await tx.insert(playerItems).values(
            doc.items.map((i) => ({
              playerId: p.id,
              itemType: i.itemType,
              itemId: i.itemId,
              quantity: i.quantity,
              acquiredAt: at,
            })),
          );
        if (doc.terms) await tx.insert(playerTerms).values({ playerId: p.id, ...doc.terms });
        // Balances arrive through the ledger like any other credit.
        if (gold > 0)
          await applyLedger(tx, { playerId: p.id, currency: "gold", delta: gold, reason: "admin.import", at });
        if (silver > 0)
          await applyLedger(tx, { playerId: p.id, currency: "silver", delta: silver, reason: "admin.import", at });
        await audit(c, tx, {
          action: "tools.import",
          targetType: "player",
          targetId: p.id,
          summary: `imported ${doc.player.nickname}: ${doc.identities.length} identities, ${doc.items.length} items, gold ${gold}, silver ${silver}`,
          details: {
            created: true,
            changes: valuesOf({
              nickname: doc.player.nickname,
              identities: idsOf(doc.identities),
              itemCount: doc.items.length,
              gold,
              silver,
            }).changes,
          },
        });
        return p.id;
      });
      return c.json({ playerId }, 201);
    },
  );
}
