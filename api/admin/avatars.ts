// /admin/playerAvatars: support moderates uploaded avatars (accept, or reject with a reason the
// player reads); an operator sets or clears a player's avatar. Every change audited in its
// transaction. The moderation preview serves an image of any status, to operators only.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { readFields } from "../http/validate.ts";
import * as f from "../domain/fields.ts";
import { audit } from "../http/audit.ts";
import { AppError } from "../domain/errors.ts";
import { translate, LOCALES } from "../i18n/index.ts";
import { AVATAR_STATUSES } from "../db/schema/avatars.ts";
import {
  AVATAR_LIMITS,
  AVATAR_REJECT_REASONS,
  acceptAvatar,
  avatarImage,
  avatarQueue,
  checkImage,
  rejectAvatar,
  setAvatarByOperator,
} from "../domain/avatars.ts";
import { uploadedBytes } from "../public/avatars.ts";
import "../public/avatar-offer-messages.ts";

const MODERATE = { auth: "admin", role: "support" } as const;
const loadInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 100)).default(24),
  status: f.optional(z.enum(AVATAR_STATUSES)),
  playerId: f.optional(f.id()),
});
const acceptInput = z.object({ avatarId: f.id() });
const byAvatar = z.object({ avatarId: f.id() });
const rejectInput = z.object({ avatarId: f.id(), reason: z.enum(AVATAR_REJECT_REASONS), note: f.optionalText(300) });

const options = () => ({
  statuses: AVATAR_STATUSES,
  reasons: AVATAR_REJECT_REASONS.map((id) => ({
    id,
    title: Object.fromEntries(LOCALES.map((l) => [l, translate(l, `avatar.reason.${id}`)])),
  })),
  limits: AVATAR_LIMITS,
});

export function registerAdminAvatars(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/playerAvatars/", ...MODERATE }, (c) => c.json(options()));
  route(app, { method: "GET", path: "/admin/playerAvatars/options", ...MODERATE }, {}, (c) => c.json(options()));

  route(app, { method: "GET", path: "/admin/playerAvatars/load", ...MODERATE }, { input: loadInput }, async (c, q) => {
    const list = await avatarQueue(c.var.deps.db, q);
    return c.json({
      ...list,
      rows: list.rows.map((r) => ({ ...r, previewUrl: `/admin/playerAvatars/image/${r.id}` })),
    });
  });

  route(
    app,
    { method: "GET", path: "/admin/playerAvatars/image/:avatarId{[0-9]+}", ...MODERATE },
    { params: byAvatar },
    async (c, v) => {
      const img = await avatarImage(c.var.deps.db, { id: v.avatarId });
      if (!img) throw new AppError("not_found");
      return new Response(img.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": img.contentType,
          "cache-control": "private, max-age=3600",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'",
        },
      });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/playerAvatars/accept", ...MODERATE, mutates: true },
    { input: acceptInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const done = await db.transaction(async (tx) => {
        const a = await acceptAvatar(tx, v.avatarId, ctx.actor.adminId, clock.now());
        await audit(c, tx, {
          action: "/admin/playerAvatars/accept",
          targetType: "player",
          targetId: a.playerId,
          summary: `avatar ${a.id} accepted`,
          details: { changes: [] },
        });
        return a;
      });
      return c.json({ avatar: done });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/playerAvatars/reject", ...MODERATE, mutates: true },
    { input: rejectInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const done = await db.transaction(async (tx) => {
        const a = await rejectAvatar(tx, v.avatarId, v.reason, v.note, ctx.actor.adminId, clock.now());
        await audit(c, tx, {
          action: "/admin/playerAvatars/reject",
          targetType: "player",
          targetId: a.playerId,
          summary: `avatar ${a.id} rejected: ${v.reason}${v.note ? ` (${v.note})` : ""}`,
          details: {
            changes: [
              { field: "avatarReason", after: v.reason },
              ...(v.note ? [{ field: "note", after: v.note }] : []),
            ],
          },
        });
        return a;
      });
      return c.json({ avatar: done });
    },
  );

  // Sets (an image as multipart `image` + `playerId`, or a raw image body with ?playerId=) or
  // clears (`clear=1`) a player's avatar; operators only, since it skips moderation.
  route(
    app,
    { method: "POST", path: "/admin/playerAvatars/save", auth: "admin", role: "operator", mutates: true },
    {},
    async (c, _v, ctx) => {
      const type = c.req.header("content-type") ?? "";
      let playerIdRaw: unknown = c.req.query("playerId");
      let clear: unknown = c.req.query("clear");
      let bytes: Uint8Array | null = null;
      if (type.startsWith("multipart/form-data")) {
        const form = await c.req.formData().catch(() => null);
        playerIdRaw ??= form?.get("playerId") ?? undefined;
        clear ??= form?.get("clear") ?? undefined;
        bytes = await uploadedBytes(c);
      } else if (type.startsWith("application/json")) {
        // readFields answers 400 to a body that is not a JSON object (null, an array, a number).
        const body = await readFields(c);
        playerIdRaw ??= body.playerId;
        clear ??= body.clear;
      } else {
        bytes = await uploadedBytes(c);
      }
      const parsed = z
        .object({ playerId: f.id(), clear: f.optional(f.bool()) })
        .safeParse({ playerId: playerIdRaw, clear });
      if (!parsed.success)
        throw new AppError("validation", "error.validation", [], 400, {
          playerId: {
            id: playerIdRaw === undefined || playerIdRaw === "" ? "validation.required" : "validation.digit",
          },
        });
      const { playerId } = parsed.data;
      if (!parsed.data.clear && !bytes)
        throw new AppError("validation", "error.validation", [], 400, { image: { id: "error.avatar_missing" } });
      const image = parsed.data.clear ? null : { bytes: bytes!, info: checkImage(bytes!) };
      const { db, clock } = c.var.deps;
      const done = await db.transaction(async (tx) => {
        const r = await setAvatarByOperator(tx, playerId, image, ctx.actor.adminId, clock.now());
        await audit(c, tx, {
          action: "/admin/playerAvatars/save",
          targetType: "player",
          targetId: playerId,
          summary: `avatar ${r.before ?? "none"} → ${r.avatarUrl ?? "none"}`,
          details: { changes: [{ field: "avatarUrl", before: r.before ?? null, after: r.avatarUrl ?? null }] },
        });
        return r;
      });
      return c.json({ playerId, avatarUrl: done.avatarUrl });
    },
  );
}
