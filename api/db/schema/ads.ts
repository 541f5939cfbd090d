// Ads: one global settings document (networks on, frequency caps, rewarded-ad rewards) and the
// per-placement settings rows.
import { sqliteTable, integer, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A single row (id 1): the global settings document as JSON text. */
export const adSettings = sqliteTable("ad_settings", {
  id: integer("id").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const adPlacements = sqliteTable(
  "ad_placements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placement: text("placement").notNull(),
    network: text("network").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    capPerDay: integer("cap_per_day").notNull().default(0),
    /** Silver granted for a watched rewarded ad (0: not rewarded). */
    reward: integer("reward").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("ad_placements_placement_network").on(t.placement, t.network)],
);
