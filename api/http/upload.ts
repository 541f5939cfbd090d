// An uploaded image's bytes (the player's avatar, an admin's replacement of one), read from the
// request at the boundary with the avatar's size limit.
import type { Context } from "hono";
import type { HonoEnv } from "./env.ts";
import { AppError } from "../domain/errors.ts";
import { AVATAR_LIMITS } from "../domain/avatars.ts";
import "../domain/avatar-offer-messages.ts";

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
