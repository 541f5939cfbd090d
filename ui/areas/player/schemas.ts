// The player site's form schemas: the same rules as the inputs of api/public/profile.ts and
// api/public/support.ts (those files hold them unexported beside database code the browser must
// not load), built from the same field helpers so the browser's messages are the server's.
import { z } from "zod";
import { id, int, text, optionalText } from "../../../api/domain/fields.ts";
// The clan name and tag rule is the server's own (api/domain/clan-fields.ts), not a copy.
import { clanNameField as clanName, clanTagField as clanTag } from "../../../api/domain/clan-fields.ts";
export { clanName, clanTag };

export const createClanSchema = z.object({ name: clanName(), tag: clanTag(), description: optionalText(500) });
const clanDescription = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(500).optional());
/** The leader edits name, tag and description; an officer only the description. */
export const editClanSchema = z.object({ name: clanName(), tag: clanTag(), description: clanDescription() });
export const editDescriptionSchema = z.object({ description: clanDescription() });
export const joinSchema = z.object({ message: optionalText(300) });
export const searchSchema = z.object({ name: optionalText(32) });
export const findPlayerSchema = z.object({ query: text(1, 32) });
/** Transfer: the amount's bounds come from the page's transfer rules. */
export const transferSchema = (min: number, max: number) => z.object({ to: id(), amount: int(min, max) });
/** Gift: an amount for gold or silver (bounded by the rules), an item otherwise. */
export const giftSchema = (maxFor: (kind: string) => number) =>
  z
    .object({
      to: id(),
      kind: z.enum(["gold", "silver", "tank", "consumable", "camouflage"]),
      amount: z.string(),
      itemId: z.string(),
    })
    .superRefine((v, ctx) => {
      const money = v.kind === "gold" || v.kind === "silver";
      const r = (money ? int(1, maxFor(v.kind)) : id()).safeParse(money ? v.amount : v.itemId);
      if (!r.success)
        for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: [money ? "amount" : "itemId"] } as never);
    });
export const ticketSchema = z.object({ subject: text(3, 200), body: text(3, 5000) });
export const messageSchema = z.object({ body: text(1, 5000) });
