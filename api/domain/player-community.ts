// A player's community as operators handle it (/admin/player/…): their friends (requests answered
// or friendships ended on the player's behalf), the terms and rating resets, the devices and
// identities they sign in with, and the address of their profile on a social network. Each change
// writes its admin log row from the actor in the change's transaction.
import { and, asc, eq } from "drizzle-orm";
import { playerIdentities } from "../db/schema/players.ts";
import { socialNetworks } from "../db/schema/system.ts";
import { AppError, notFound } from "./errors.ts";
import { audit } from "./audit.ts";
import { transact, type AdminActor, type Call } from "./context.ts";
import { acceptRequest, declineRequest, friendsOf, removeFriend } from "./friends.ts";
import { resetEula, resetRateForBonus, termsOf } from "./terms.ts";
import { devicesOf } from "./devices.ts";
import { playerOr404 } from "./players.ts";

/** The player's friends and pending requests both ways. */
export async function playerFriends({ ctx, input }: Call<{ playerId: number }>) {
  await playerOr404(ctx.db, input.playerId);
  return { playerId: input.playerId, ...(await friendsOf(ctx.db, input.playerId)) };
}

/** A request to the player accepted (or declined) on their behalf. */
export function answerFriendRequest({
  ctx,
  input,
}: Call<{ requestId: number; answer: "accept" | "decline" }, AdminActor>) {
  return transact(ctx, async (ctx) => {
    const at = ctx.clock.now();
    const r =
      input.answer === "accept"
        ? { ...(await acceptRequest(ctx.db, { requestId: input.requestId, at })), status: "accepted" as const }
        : await declineRequest(ctx.db, { requestId: input.requestId, at });
    await audit(ctx, {
      action: `friend.${input.answer}`,
      targetType: "player",
      targetId: r.toId,
      summary: `friend request #${r.requestId} from ${r.fromId} ${input.answer === "accept" ? "accepted" : "declined"} for ${r.toId}`,
      details: { changes: [{ field: "fromPlayer", after: r.fromId }] },
    });
    return r;
  });
}

/** A friendship ended (both directions). */
export function endFriendship({ ctx, input }: Call<{ playerId: number; friendId: number }, AdminActor>) {
  return transact(ctx, async (ctx) => {
    await removeFriend(ctx.db, input);
    await audit(ctx, {
      action: "friend.remove",
      targetType: "player",
      targetId: input.playerId,
      summary: `friendship ${input.playerId} – ${input.friendId} ended`,
      details: { changes: [{ field: "friend", before: input.friendId, after: null }] },
    });
    return { removed: true as const, playerId: input.playerId, friendId: input.friendId };
  });
}

/** The terms to accept again (resetEula) or the game free to ask for a rating again (resetRateForBonus); answers the terms. */
export async function resetPlayerTerms({
  ctx,
  input,
}: Call<{ playerId: number; what: "resetEula" | "resetRateForBonus" }, AdminActor>) {
  await playerOr404(ctx.db, input.playerId);
  await transact(ctx, async (ctx) => {
    const done =
      input.what === "resetEula"
        ? await resetEula(ctx.db, input.playerId)
        : await resetRateForBonus(ctx.db, input.playerId);
    if (!done) throw new AppError("conflict", "players.error.nothing_to_change");
    await audit(ctx, {
      action: `player.${input.what}`,
      targetType: "player",
      targetId: input.playerId,
      summary: input.what === "resetEula" ? "must accept the terms again" : "the game may ask for a rating again",
      details: { changes: [] },
    });
  });
  return termsOf(ctx.db, input.playerId);
}

/** The devices, terms and sign-in identities of a player. */
export async function playerDevices({ ctx, input }: Call<{ playerId: number }>) {
  const db = ctx.db;
  const p = await playerOr404(db, input.playerId);
  const identities = await db
    .select({ network: playerIdentities.network, uid: playerIdentities.uid, createdAt: playerIdentities.createdAt })
    .from(playerIdentities)
    .where(eq(playerIdentities.playerId, p.id));
  return {
    player: { id: p.id, nickname: p.nickname },
    devices: await devicesOf(db, p.id),
    terms: await termsOf(db, p.id),
    identities,
  };
}

/** The player's page on the network the uid belongs to (the first network, by sort order, with a profile address). */
export async function socialProfileUrl({ ctx, input }: Call<{ uid: string }>) {
  const rows = await ctx.db
    .select({ network: playerIdentities.network, url: socialNetworks.profileUrl })
    .from(playerIdentities)
    .innerJoin(socialNetworks, eq(socialNetworks.key, playerIdentities.network))
    .where(and(eq(playerIdentities.uid, input.uid)))
    .orderBy(asc(socialNetworks.sortOrder));
  const hit = rows.find((r) => r.url.includes("{uid}"));
  if (!hit) throw notFound();
  return hit.url.replaceAll("{uid}", encodeURIComponent(input.uid));
}
