// Avatars: a player's upload is checked by its bytes (PNG, JPEG or WebP by magic number, size and
// pixel bounds read from the header), waits for an operator, and only an accepted image becomes
// players.avatar_url. The old avatar stays until then; a new upload replaces the pending one.
import { and, desc, eq, count, sql, type SQL } from "drizzle-orm";
import { preparedOnce } from "../db/prepared.ts";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { AVATAR_STATUSES, playerAvatars, type AvatarStatus } from "../db/schema/avatars.ts";
import { players } from "../db/schema/players.ts";
import { AppError } from "./errors.ts";
import { LOCALES, translate } from "../i18n/index.ts";
import "./avatar-offer-messages.ts";
import { audit, NO_CHANGES } from "./audit.ts";
import { type AdminCtx, transact } from "./context.ts";

export const AVATAR_LIMITS = { maxBytes: 512 * 1024, minSide: 64, maxSide: 2048 } as const;

/** Why an operator refuses an image; the player sees the reason's text in their locale. */
export const AVATAR_REJECT_REASONS = [
  "nudity",
  "violence",
  "offensive",
  "advertising",
  "personalData",
  "copyright",
  "quality",
  "other",
] as const;
export type AvatarRejectReason = (typeof AVATAR_REJECT_REASONS)[number];

/** The address players.avatar_url holds for an accepted image. */
export const avatarUrl = (hash: string) => `/public/avatars/${hash}`;

export interface ImageInfo {
  contentType: "image/png" | "image/jpeg" | "image/webp";
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/** The image's real type and size from its own header; null when it is none of ours or cut short. */
export function sniffImage(b: Uint8Array): ImageInfo | null {
  if (
    b.length >= 24 &&
    b[0] === 0x89 &&
    ascii(b, 1, 3) === "PNG" &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a &&
    ascii(b, 12, 4) === "IHDR"
  ) {
    return { contentType: "image/png", width: u32be(b, 16), height: u32be(b, 20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    // Walk the segments to the first start-of-frame (SOF0–SOF15 but DHT C4, JPG C8, DAC CC).
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      const len = u16be(b, i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { contentType: "image/jpeg", height: u16be(b, i + 5), width: u16be(b, i + 7) };
      }
      if (len < 2) return null;
      i += 2 + len;
    }
    return null;
  }
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") {
    const chunk = ascii(b, 12, 4);
    if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
      return { contentType: "image/webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (chunk === "VP8L" && b[20] === 0x2f) {
      const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
      return { contentType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { contentType: "image/webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

/** Checks an upload against the limits; refusals name the limit (400 on `image`, 413 when too big). */
export function checkImage(bytes: Uint8Array): ImageInfo {
  const { maxBytes, minSide, maxSide } = AVATAR_LIMITS;
  if (bytes.length === 0)
    throw new AppError("validation", "error.validation", [], 400, { image: { id: "error.avatar_missing" } });
  if (bytes.length > maxBytes)
    throw new AppError("payload_too_large", "error.avatar_too_big", [Math.round(maxBytes / 1024)], 413, {
      image: { id: "error.avatar_too_big", values: [Math.round(maxBytes / 1024)] },
    });
  const info = sniffImage(bytes);
  if (!info) throw new AppError("validation", "error.validation", [], 400, { image: { id: "error.avatar_type" } });
  if (info.width < minSide || info.height < minSide)
    throw new AppError("validation", "error.validation", [], 400, {
      image: { id: "error.avatar_too_small", values: [minSide, info.width, info.height] },
    });
  if (info.width > maxSide || info.height > maxSide)
    throw new AppError("validation", "error.validation", [], 400, {
      image: { id: "error.avatar_too_large", values: [maxSide, info.width, info.height] },
    });
  return info;
}

const hex = async (bytes: Uint8Array) => {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(d, (x) => x.toString(16).padStart(2, "0")).join("");
};

/** A player's upload into the queue, replacing their pending one (the partial unique index keeps one). */
export async function submitAvatar(db: Db, playerId: number, bytes: Uint8Array, at: number) {
  const info = checkImage(bytes);
  const hash = await hex(bytes);
  return db.transaction(async (tx) => {
    await tx
      .update(playerAvatars)
      .set({ status: "replaced", decidedAt: at })
      .where(and(eq(playerAvatars.playerId, playerId), eq(playerAvatars.status, "pending")));
    const [row] = await tx
      .insert(playerAvatars)
      .values({ playerId, status: "pending", ...info, hash, bytes, createdAt: at })
      .returning({ id: playerAvatars.id });
    return { id: row.id, status: "pending" as const, ...info, hash };
  });
}

/** The avatar part of a player's profile: the current image, the pending upload, the last refusal. */
/** The avatar's statements: the player's current one, and their last upload (pending or refused). */
export const avatarStatements = preparedOnce((db) => ({
  current: db
    .select({ avatarUrl: players.avatarUrl })
    .from(players)
    .where(eq(players.id, sql.placeholder("playerId")))
    .prepare(),
  last: db
    .select({
      id: playerAvatars.id,
      status: playerAvatars.status,
      reason: playerAvatars.reason,
      note: playerAvatars.note,
      createdAt: playerAvatars.createdAt,
      decidedAt: playerAvatars.decidedAt,
    })
    .from(playerAvatars)
    .where(eq(playerAvatars.playerId, sql.placeholder("playerId")))
    .orderBy(desc(playerAvatars.id))
    .limit(1)
    .prepare(),
}));

/**
 * The player's avatar as the profile shows it; `avatarUrl`, when the caller has read the player
 * row already (the profile), is not read again.
 */
export async function avatarState(db: Db, playerId: number, avatarUrl?: string | null) {
  const st = avatarStatements(db);
  const url = avatarUrl !== undefined ? avatarUrl : ((await st.current.get({ playerId }))?.avatarUrl ?? null);
  const last = await st.last.get({ playerId });
  return {
    avatarUrl: url,
    pending: last?.status === "pending" ? { id: last.id, uploadedAt: last.createdAt } : null,
    rejected:
      last?.status === "rejected"
        ? { id: last.id, reason: last.reason as AvatarRejectReason, note: last.note, decidedAt: last.decidedAt }
        : null,
  };
}

/** The moderation queue for operators (no bytes; the image is served by its preview address). */
export async function avatarQueue(
  db: DbOrTx,
  q: { status?: AvatarStatus; playerId?: number; page: number; size: number },
) {
  const where: SQL | undefined = and(
    q.status ? eq(playerAvatars.status, q.status) : undefined,
    q.playerId ? eq(playerAvatars.playerId, q.playerId) : undefined,
  );
  const rows = await db
    .select({
      id: playerAvatars.id,
      playerId: playerAvatars.playerId,
      nickname: players.nickname,
      status: playerAvatars.status,
      contentType: playerAvatars.contentType,
      width: playerAvatars.width,
      height: playerAvatars.height,
      hash: playerAvatars.hash,
      reason: playerAvatars.reason,
      note: playerAvatars.note,
      setByAdminId: playerAvatars.setByAdminId,
      decidedByAdminId: playerAvatars.decidedByAdminId,
      createdAt: playerAvatars.createdAt,
      decidedAt: playerAvatars.decidedAt,
    })
    .from(playerAvatars)
    .innerJoin(players, eq(players.id, playerAvatars.playerId))
    .where(where)
    .orderBy(q.status === "pending" ? playerAvatars.id : desc(playerAvatars.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(playerAvatars).where(where);
  return { rows, total: n, page: q.page, size: q.size };
}

export const countPendingAvatars = async (db: DbOrTx) =>
  (await db.select({ n: count() }).from(playerAvatars).where(eq(playerAvatars.status, "pending")))[0].n;

async function pendingOf(tx: Tx, avatarId: number) {
  const [a] = await tx
    .select({
      id: playerAvatars.id,
      playerId: playerAvatars.playerId,
      status: playerAvatars.status,
      hash: playerAvatars.hash,
    })
    .from(playerAvatars)
    .where(eq(playerAvatars.id, avatarId))
    .limit(1);
  if (!a) throw new AppError("not_found");
  if (a.status !== "pending") throw new AppError("conflict", "error.avatar_not_pending", [], 409);
  return a;
}

/** Accepts a pending image: it becomes the player's avatar, the previous accepted one is replaced. */
export function acceptAvatar({ ctx, input }: { ctx: AdminCtx; input: { avatarId: number } }) {
  return transact(ctx, async (c) => {
    const tx = c.db;
    const at = ctx.clock.now();
    const a = await pendingOf(tx, input.avatarId);
    await tx
      .update(playerAvatars)
      .set({ status: "replaced" })
      .where(and(eq(playerAvatars.playerId, a.playerId), eq(playerAvatars.status, "accepted")));
    await tx
      .update(playerAvatars)
      .set({ status: "accepted", decidedByAdminId: ctx.actor.adminId, decidedAt: at })
      .where(eq(playerAvatars.id, a.id));
    await tx
      .update(players)
      .set({ avatarUrl: avatarUrl(a.hash) })
      .where(eq(players.id, a.playerId));
    await audit(c, {
      action: "/admin/playerAvatars/accept",
      targetType: "player",
      targetId: a.playerId,
      summary: `avatar ${a.id} accepted`,
      details: NO_CHANGES,
    });
    return { ...a, status: "accepted" as const, avatarUrl: avatarUrl(a.hash) };
  });
}

/** Rejects a pending image with a reason (and a note) the player reads. */
export function rejectAvatar({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { avatarId: number; reason: AvatarRejectReason; note?: string };
}) {
  const { reason, note } = input;
  return transact(ctx, async (c) => {
    const tx = c.db;
    const a = await pendingOf(tx, input.avatarId);
    await tx
      .update(playerAvatars)
      .set({
        status: "rejected",
        reason,
        note: note ?? null,
        decidedByAdminId: ctx.actor.adminId,
        decidedAt: ctx.clock.now(),
      })
      .where(eq(playerAvatars.id, a.id));
    await audit(c, {
      action: "/admin/playerAvatars/reject",
      targetType: "player",
      targetId: a.playerId,
      summary: `avatar ${a.id} rejected: ${reason}${note ? ` (${note})` : ""}`,
      details: {
        changes: [{ field: "avatarReason", after: reason }, ...(note ? [{ field: "note", after: note }] : [])],
      },
    });
    return { ...a, status: "rejected" as const, reason };
  });
}

/** An operator sets a player's avatar (accepted at once, any pending upload replaced) or clears it (`image` null). */
export function setAvatarByOperator({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { playerId: number; image: { bytes: Uint8Array; info: ImageInfo } | null };
}) {
  const { playerId, image } = input;
  const adminId = ctx.actor.adminId;
  return transact(ctx, async (c) => {
    const tx = c.db;
    const at = ctx.clock.now();
    const [p] = await tx
      .select({ id: players.id, avatarUrl: players.avatarUrl })
      .from(players)
      .where(eq(players.id, playerId))
      .limit(1);
    if (!p) throw new AppError("not_found");
    await tx
      .update(playerAvatars)
      .set({ status: "replaced", decidedAt: at })
      .where(and(eq(playerAvatars.playerId, playerId), eq(playerAvatars.status, "accepted")));
    let url: string | null = null;
    if (image) {
      await tx
        .update(playerAvatars)
        .set({ status: "replaced", decidedAt: at })
        .where(and(eq(playerAvatars.playerId, playerId), eq(playerAvatars.status, "pending")));
      const hash = await hex(image.bytes);
      await tx.insert(playerAvatars).values({
        playerId,
        status: "accepted",
        ...image.info,
        hash,
        bytes: image.bytes,
        setByAdminId: adminId,
        decidedByAdminId: adminId,
        createdAt: at,
        decidedAt: at,
      });
      url = avatarUrl(hash);
    }
    await tx.update(players).set({ avatarUrl: url }).where(eq(players.id, playerId));
    await audit(c, {
      action: "/admin/playerAvatars/save",
      targetType: "player",
      targetId: playerId,
      summary: `avatar ${p.avatarUrl ?? "none"} → ${url ?? "none"}`,
      details: { changes: [{ field: "avatarUrl", before: p.avatarUrl ?? null, after: url }] },
    });
    return { playerId, avatarUrl: url };
  });
}

/**
 * The bytes behind an address. `accepted` only for the public address; operators may also see a
 * pending or refused upload (by id, through their own preview).
 */
export async function avatarImage(db: DbOrTx, by: { hash: string } | { id: number }) {
  const where =
    "hash" in by
      ? and(eq(playerAvatars.hash, by.hash), eq(playerAvatars.status, "accepted"))
      : eq(playerAvatars.id, by.id);
  const [a] = await db
    .select({ bytes: playerAvatars.bytes, contentType: playerAvatars.contentType, hash: playerAvatars.hash })
    .from(playerAvatars)
    .where(where)
    .limit(1);
  return a ?? null;
}

/** What the moderation screen offers: the statuses to filter by, the refusal reasons titled in each language, the limits. */
export const avatarModerationOptions = () => ({
  statuses: [...AVATAR_STATUSES],
  reasons: AVATAR_REJECT_REASONS.map((id) => ({
    id,
    title: Object.fromEntries(LOCALES.map((l) => [l, translate(l, `avatar.reason.${id}`)])),
  })),
  limits: AVATAR_LIMITS,
});
