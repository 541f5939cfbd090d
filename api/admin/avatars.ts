// /admin/playerAvatars: support moderates uploaded avatars (accept, or reject with a reason the
// player reads); an operator sets or clears a player's avatar. Every change audited in its
// transaction. The moderation preview serves an image of any status, to operators only.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { route, page } from "../http/router.ts";
import { readFields } from "../http/validate.ts";
import * as f from "../domain/fields.ts";
import { AppError } from "../domain/errors.ts";
import {
  acceptAvatar,
  avatarImage,
  avatarQueue,
  checkImage,
  rejectAvatar,
  setAvatarByOperator,
  avatarModerationOptions,
} from "../domain/avatars.ts";
import * as avatars from "../contracts/admin/avatars.ts";
import { uploadedBytes } from "../http/upload.ts";
import "../domain/avatar-offer-messages.ts";

export function registerAdminAvatars(app: Hono<HonoEnv>) {
  page(app, avatars.page, avatarModerationOptions);
  route(app, avatars.optionsOf, avatarModerationOptions);

  route(app, avatars.load, async (_c, q, ctx) => {
    const list = await avatarQueue(ctx.db, q);
    return { ...list, rows: list.rows.map((r) => ({ ...r, previewUrl: `/admin/playerAvatars/image/${r.id}` })) };
  });

  route(app, avatars.image, async (_c, v, ctx) => {
    const img = await avatarImage(ctx.db, { id: v.avatarId });
    if (!img) throw new AppError("not_found");
    return new Response(img.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": img.contentType,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      },
    });
  });

  route(app, avatars.accept, async (_c, input, ctx) => ({ avatar: await acceptAvatar({ ctx, input }) }));
  route(app, avatars.reject, async (_c, input, ctx) => ({ avatar: await rejectAvatar({ ctx, input }) }));

  // Sets (an image as multipart `image` + `playerId`, or a raw image body with ?playerId=) or
  // clears (`clear=1`) a player's avatar; operators only, since it skips moderation.
  route(app, avatars.save, async (c, _v, ctx) => {
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
    const image = parsed.data.clear || !bytes ? null : { bytes, info: checkImage(bytes) };
    return setAvatarByOperator({ ctx, input: { playerId, image } });
  });
}
