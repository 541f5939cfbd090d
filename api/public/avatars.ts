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
import "./avatar-offer-messages.ts";

/**
 * The uploaded bytes: a multipart form's `image` file, or the raw body (image/* or
 * application/octet-stream). The declared type is ignored; the bytes are checked later.
 * A body over the limit is refused before it is read whole.
 */
export async function uploadedBytes(c: Context<HonoEnv>): Promise<Uint8Array | null> {
  const limit = AVATAR_LIMITS.maxBytes;
  const kb = Math.round(limit / 1024);
  const tooBig = () =>
    new AppError("payload_too_large", "error.avatar_too_big", [kb], 413, {
      image: { id: "error.avatar_too_big", values: [kb] },
    });
  const type = c.req.header("content-type") ?? "";
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > limit + 64 * 1024) throw tooBig();
  if (type.startsWith("multipart/form-data")) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("image");
    if (!file || typeof file === "string") return null;
    if (file.size > limit) throw tooBig();
    return new Uint8Array(await file.arrayBuffer());
  }
  if (type.startsWith("image/") || type.startsWith("application/octet-stream")) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > limit) throw tooBig();
    return bytes;
  }
  return null;
}

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
