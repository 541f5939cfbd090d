// A clan's name and tag as players and operators may set them: one rule for the server
// (api/public/profile.ts, api/admin/clans.ts through domain/clans.ts) and the player site's forms
// (ui/areas/player/schemas.ts). Zod only, so the browser loads it without server code.
import { z } from "zod";
import { text } from "./fields.ts";

/** 3–32 letters, digits, spaces and _ . - */
export const clanNameField = () => text(3, 32).pipe(z.string().regex(/^[\p{L}\p{N} _.-]+$/u));
/** 2–5 letters or digits. */
export const clanTagField = () => text(2, 5).pipe(z.string().regex(/^[\p{L}\p{N}]+$/u));
