// The support tools over whole accounts (/admin/tools/): one account as a document
// (loadPlayerDocument), an account made from such a document (importPlayerDocument: validated,
// all-or-nothing, balances through the ledger), two accounts' sign-in identities exchanged
// (swapIdentities: swap again to undo), one network identity moved to another account
// (transferIdentity: move it back to undo), and the nickname and avatar refreshed from the
// network's profile data (refreshFromSocial: the audit row keeps the values it replaced). The
// store's unique (network, uid) index means no identity can ever sit on two accounts; each tool
// checks it first to answer a clear 409.
import { z } from "zod";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { playerIdentities, players } from "../db/schema/players.ts";
import { socialNetworks } from "../db/schema/system.ts";
import { ITEM_TYPES, playerItems } from "../db/schema/inventory.ts";
import { clanMembers } from "../db/schema/clans.ts";
import { blacklist } from "../db/schema/social.ts";
import { friends, identityProfiles, playerDevices, playerTerms } from "../db/schema/community.ts";
import * as f from "./fields.ts";
import { AppError, fieldError } from "./errors.ts";
import { audit, valuesOf } from "./audit.ts";
import { changesOf } from "./audit-details.ts";
import { transact, type AdminCtx, type Call } from "./context.ts";
import { applyLedger } from "./ledger.ts";
import { assertNicknameFree, playerOr404 } from "./players.ts";
import { endAllSessions } from "./sessions.ts";

export const DOCUMENT_FORMAT = "tankodrome.player/1";

const slug = z.string().regex(/^[a-z0-9_.-]{1,64}$/);
/** What importPlayerDocument accepts: a loadPlayerDocument document (the fields it restores). */
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

/** Sign-in identities as the log keeps them: "network:uid" (the log shows the network in words). */
const idsOf = (l: { network: string; uid: string }[]) => l.map((i) => `${i.network}:${i.uid}`);

const identitiesOf = (db: DbOrTx, playerId: number) =>
  db.select().from(playerIdentities).where(eq(playerIdentities.playerId, playerId));

/** The networks an identity can be moved for, in the operators' order, and the document format. */
export async function toolsHead({ ctx }: { ctx: AdminCtx }) {
  const networks = await ctx.db
    .select({ key: socialNetworks.key, name: socialNetworks.name })
    .from(socialNetworks)
    .orderBy(socialNetworks.sortOrder);
  return { networks, format: DOCUMENT_FORMAT };
}

/** Everything about one account (no password hash: only whether there is one). */
export async function loadPlayerDocument({ ctx, input }: Call<{ playerId: number }>) {
  const db = ctx.db;
  const p = await playerOr404(db, input.playerId);
  const identities = await db
    .select({ network: playerIdentities.network, uid: playerIdentities.uid, createdAt: playerIdentities.createdAt })
    .from(playerIdentities)
    .where(eq(playerIdentities.playerId, p.id));
  const uids = identities.map((i) => i.uid);
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
    uids.length ? db.select().from(identityProfiles).where(inArray(identityProfiles.uid, uids)) : Promise.resolve([]),
  ]);
  const { passwordHash, ...row } = p;
  return {
    format: DOCUMENT_FORMAT,
    exportedAt: ctx.clock.now(),
    player: { ...row, hasPassword: passwordHash !== null },
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

/** Every identity of A goes to B and back (by row ids, so they cross without meeting); both are signed out. */
export function swapIdentities({ ctx, input }: Call<{ playerA: number; playerB: number }, AdminCtx["actor"]>) {
  if (input.playerA === input.playerB) throw fieldError({ playerB: { id: "tools.error.same_player" } });
  return transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const [a, b] = [await playerOr404(tx, input.playerA), await playerOr404(tx, input.playerB)];
    const [ia, ib] = [await identitiesOf(tx, a.id), await identitiesOf(tx, b.id)];
    const move = (l: typeof ia, to: number) =>
      l.length
        ? tx
            .update(playerIdentities)
            .set({ playerId: to })
            .where(
              inArray(
                playerIdentities.id,
                l.map((i) => i.id),
              ),
            )
        : undefined;
    await move(ia, b.id);
    await move(ib, a.id);
    await endAllSessions(tx, "player", a.id);
    await endAllSessions(tx, "player", b.id);
    const fmt = (l: typeof ia) => l.map((i) => `${i.network}:${i.uid}`).join(", ") || "—";
    await audit(ctx, {
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
    const pairs = (l: typeof ia) => l.map((i) => ({ network: i.network, uid: i.uid }));
    return { identities: { [a.id]: pairs(ib), [b.id]: pairs(ia) } };
  });
}

/** One network's identity moves to an account that has none of that network; the old account is signed out. */
export function transferIdentity({
  ctx,
  input,
}: Call<{ fromPlayerId: number; toPlayerId: number; network: string }, AdminCtx["actor"]>) {
  if (input.fromPlayerId === input.toPlayerId) throw fieldError({ toPlayerId: { id: "tools.error.same_player" } });
  return transact(ctx, async (ctx) => {
    const tx = ctx.db;
    await playerOr404(tx, input.fromPlayerId);
    await playerOr404(tx, input.toPlayerId);
    const ofNetwork = (playerId: number) =>
      tx
        .select()
        .from(playerIdentities)
        .where(and(eq(playerIdentities.playerId, playerId), eq(playerIdentities.network, input.network)))
        .limit(1);
    const [identity] = await ofNetwork(input.fromPlayerId);
    if (!identity) throw new AppError("conflict", "tools.error.no_identity", [input.network]);
    const [taken] = await ofNetwork(input.toPlayerId);
    if (taken) throw new AppError("conflict", "tools.error.identity_taken", [`${taken.network}:${taken.uid}`]);
    await tx.update(playerIdentities).set({ playerId: input.toPlayerId }).where(eq(playerIdentities.id, identity.id));
    await endAllSessions(tx, "player", input.fromPlayerId);
    await audit(ctx, {
      action: "tools.transfer",
      targetType: "player",
      targetId: input.toPlayerId,
      summary: `${identity.network}:${identity.uid} moved #${input.fromPlayerId} → #${input.toPlayerId}`,
      details: valuesOf({
        identities: idsOf([identity]),
        fromPlayer: input.fromPlayerId,
        toPlayer: input.toPlayerId,
      }),
    });
    return { moved: { network: identity.network, uid: identity.uid }, from: input.fromPlayerId, to: input.toPlayerId };
  });
}

/** The nickname and avatar from the newest profile data a network sent (of one network when given). */
export function refreshFromSocial({ ctx, input }: Call<{ playerId: number; network?: string }, AdminCtx["actor"]>) {
  return transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const p = await playerOr404(tx, input.playerId);
    if (p.erasedAt !== null) throw new AppError("conflict", "players.error.erased");
    const ids = (await identitiesOf(tx, p.id)).filter((i) => !input.network || i.network === input.network);
    const uids = ids.map((i) => i.uid);
    const profiles = uids.length
      ? await tx.select().from(identityProfiles).where(inArray(identityProfiles.uid, uids))
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
    await audit(ctx, {
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
}

/** Reads a document sent as a file, text or JSON; a bad one is a 400 on `document` naming the first problem. */
export async function parsePlayerDocument(raw: unknown) {
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
  return parsed.data;
}

/** A new account from a document: refused (nothing made) when an identity, the nickname or the email is taken. */
export async function importPlayerDocument({ ctx, input }: Call<{ document: unknown }, AdminCtx["actor"]>) {
  const doc = await parsePlayerDocument(input.document);
  return transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const at = ctx.clock.now();
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
      const [e] = await tx.select({ id: players.id }).from(players).where(eq(players.email, doc.player.email)).limit(1);
      if (e) throw fieldError({ email: { id: "validation.unique" } });
    }
    const { gold, silver, ...rest } = doc.player;
    const [p] = await tx.insert(players).values(rest).returning({ id: players.id });
    if (doc.identities.length)
      await tx
        .insert(playerIdentities)
        .values(doc.identities.map((i) => ({ playerId: p.id, network: i.network, uid: i.uid, createdAt: at })));
    if (doc.items.length)
      await tx.insert(playerItems).values(doc.items.map((i) => ({ playerId: p.id, ...i, acquiredAt: at })));
    if (doc.terms) await tx.insert(playerTerms).values({ playerId: p.id, ...doc.terms });
    // Balances arrive through the ledger like any other credit.
    if (gold > 0) await applyLedger(tx, { playerId: p.id, currency: "gold", delta: gold, reason: "admin.import", at });
    if (silver > 0)
      await applyLedger(tx, { playerId: p.id, currency: "silver", delta: silver, reason: "admin.import", at });
    await audit(ctx, {
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
    return { playerId: p.id };
  });
}
