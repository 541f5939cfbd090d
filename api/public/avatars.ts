// The player's avatar upload (/public/profile/saveAvatar) and the public address of accepted
// avatars (/public/avatars/:hash, content-addressed so it is cached for good).
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { AppError } from "../domain/errors.ts";
import { translate } from "../i18n/index.ts";
import { AVATAR_LIMITS, avatarImage, avatarState, submitAvatar } from "../domain/avatars.ts";
import { saveAvatar } from "../contracts/public/profile.ts";
import { image } from "../contracts/public/avatars.ts";
import "../domain/avatar-offer-messages.ts";
import { uploadedBytes } from "../http/upload.ts";

/** What the profile screen shows: current avatar, pending upload, last refusal with its reason. */
export async function avatarView(c: Context<HonoEnv>, playerId: number, avatarUrl?: string | null) {
  const s = await avatarState(c.var.deps.db, playerId, avatarUrl);
  const { maxBytes, minSide, maxSide } = AVATAR_LIMITS;
  return {
    ...s,
    rejected: s.rejected
      ? { ...s.rejected, reasonText: translate(c.var.locale, `avatar.reason.${s.rejected.reason}`) }
      : null,
    limits: { maxBytes, minSide, maxSide, types: ["image/png", "image/jpeg", "image/webp"] },
  };
}

export function registerAvatars(app: Hono<HonoEnv>) {
  // Without an image it answers the avatar state; with one it queues it for moderation.
  route(app, saveAvatar, async (c) => {
    const playerId = c.var.player!.playerId;
    const hasBody =
      c.req.method !== "GET" &&
      c.req.method !== "HEAD" &&
      c.req.header("content-length") !== "0" &&
      /^(multipart\/form-data|image\/|application\/octet-stream)/.test(c.req.header("content-type") ?? "");
    if (hasBody) {
      const bytes = await uploadedBytes(c);
      if (!bytes)
        throw new AppError("validation", "error.validation", [], 400, { image: { id: "error.avatar_missing" } });
      await submitAvatar(c.var.deps.db, playerId, bytes, c.var.deps.clock.now());
    }
    return avatarView(c, playerId);
  });

  route(app, image, async (c, { hash }) => {
    const img = await avatarImage(c.var.deps.db, { hash });
    if (!img) throw new AppError("not_found");
    return new Response(img.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": img.contentType,
        "cache-control": "public, max-age=31536000, immutable",
        etag: `"${img.hash}"`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      },
    });
  });
}
