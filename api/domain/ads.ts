// Ads: the global settings document (which networks are on, frequency caps, rewarded-ad rewards)
// and the per-placement settings rows, each validated by its zod schema.
import { z } from "zod";
import { eq } from "drizzle-orm";
import { adSettings } from "../db/schema/ads.ts";
import type { DbOrTx } from "../db/index.ts";
import * as f from "./fields.ts";
import { jsonDiff, optionName } from "./options.ts";
import { validationError } from "./validation.ts";
import { audit, detailsOf } from "./audit.ts";
import { type AdminCtx, transact } from "./context.ts";

export const AD_NETWORKS = ["yandex", "vk", "applovin", "admob", "unity"] as const;

export const adSettingsShape = z.strictObject({
  networks: z.strictObject(
    Object.fromEntries(AD_NETWORKS.map((n) => [n, z.boolean()])) as Record<(typeof AD_NETWORKS)[number], z.ZodBoolean>,
  ),
  caps: z.strictObject({
    perHour: z.int().min(0).max(60),
    perDay: z.int().min(0).max(500),
    minSecondsBetween: z.int().min(0).max(86_400),
  }),
  rewarded: z.strictObject({
    silver: z.int().min(0).max(1_000_000),
    perDay: z.int().min(0).max(100),
  }),
});
export type AdSettings = z.output<typeof adSettingsShape>;

export const placementSchema = z.object({
  id: f.optional(f.id()),
  placement: optionName(),
  network: z.enum(AD_NETWORKS),
  enabled: f.optional(f.bool()).default(true),
  capPerDay: f.int(0, 500),
  reward: f.optional(f.int(0, 1_000_000)).default(0),
});

export async function currentAdSettings(db: DbOrTx): Promise<AdSettings | undefined> {
  const [r] = await db.select().from(adSettings).where(eq(adSettings.id, 1)).limit(1);
  return r ? JSON.parse(r.value) : undefined;
}

export async function saveAdSettings(tx: DbOrTx, value: AdSettings, at: number): Promise<void> {
  await tx
    .insert(adSettings)
    .values({ id: 1, value: JSON.stringify(value), updatedAt: at })
    .onConflictDoUpdate({ target: adSettings.id, set: { value: JSON.stringify(value), updatedAt: at } });
}

/**
 * An operator saves the settings document: checked whole against its shape (a refusal names the
 * field under `settings.`), written with its admin log row in one transaction.
 */
export async function changeAdSettings({ ctx, input }: { ctx: AdminCtx; input: { settings: unknown } }) {
  const parsed = adSettingsShape.safeParse(input.settings);
  if (!parsed.success)
    throw validationError(
      parsed.error.issues.map((i) => ({ ...i, path: ["settings", ...i.path] })),
      { settings: input.settings },
    );
  await transact(ctx, async (c) => {
    const before = await currentAdSettings(c.db);
    await saveAdSettings(c.db, parsed.data, ctx.clock.now());
    await audit(c, {
      action: "/admin/ads/save",
      targetType: "adSettings",
      targetId: 1,
      summary: before
        ? jsonDiff(before, parsed.data).join("; ") || "no change"
        : `created: ${JSON.stringify(parsed.data)}`,
      details: detailsOf(before ?? undefined, parsed.data),
    });
  });
  return { settings: parsed.data };
}
