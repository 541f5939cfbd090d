// /public/avatars/{hash}: an accepted avatar's image by the SHA-256 of its bytes (the address
// players.avatar_url holds), cacheable for good (docs/decisions/avatars.md).
import { z } from "zod";
import { contract } from "../contract.ts";

export const image = contract({
  method: "GET",
  path: "/public/avatars/:hash{[0-9a-f]+}",
  auth: "none",
  summary:
    "An accepted avatar (PNG, JPEG or WebP) by its content's SHA-256; pending and refused uploads are never here.",
  params: z.object({ hash: z.string().length(64) }),
  answers: ["file"],
});
