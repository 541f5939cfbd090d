// The stored values the back office shows as words (no macros: the e2e check and tests import it).
// Each list is a domain of values the API stores; `ui/shell/AdminLabels.ts` gives every value its
// words in ru and en (a Record over the list, so TypeScript refuses a value without words), and
// `e2e/look.spec.ts` fails when one of these values is seen raw on a Russian screen.

export const NATION_KEYS = ["ussr", "germany", "usa", "uk", "france", "japan", "china"] as const;
export const CLASS_KEYS = ["light", "medium", "heavy", "td", "spg"] as const;
export const CURRENCY_KEYS = ["gold", "silver"] as const;

/** Why a balance moved (ledger_entries.reason; `shop.<item type>`, `gift.<kind>`, `payment.<kind>`). */
export const LEDGER_REASONS = [
  "battle.reward",
  "battle.repair",
  "battle.ammo",
  "bonus.rate",
  "clan.create",
  "crew.upgrade",
  "daily_task.reward",
  "demo.clan_funds",
  "gift.in",
  "gift.out",
  "gift.tank",
  "gift.consumable",
  "gift.camouflage",
  "payment.credit",
  "payment.refund",
  "payment.chargeback",
  "payment.reinstate",
  "quest.reward",
  "registration.bonus",
  "shop.tank",
  "shop.consumable",
  "shop.camouflage",
  "transfer.in",
  "transfer.out",
  "offer.buy",
  "offer.grant",
  "admin.import",
] as const;

/** Where a player plays (registrations, devices, versions, offers). */
export const PLATFORM_KEYS = ["web", "android", "ios", "windows", "macos", "vk"] as const;
/** Where a player came from (install campaigns). */
export const SOURCE_KEYS = ["organic", "vk_ads", "google_ads", "yandex_direct", "facebook"] as const;
/** Stores and payment markets. */
export const STORE_KEYS = ["web", "google_play", "app_store", "rustore", "steam", "vk_play"] as const;
/** Payment providers (orders). */
export const PROVIDER_KEYS = [
  "stripe",
  "robokassa",
  "ecommpay",
  "paypal",
  "apple",
  "rustore",
  "google",
  "manual",
] as const;
/** Ad networks. */
export const AD_NETWORK_KEYS = ["yandex", "vk", "applovin", "admob", "unity"] as const;
/** Sign-in networks (identities). */
export const NETWORK_KEYS = ["vk", "ok", "google", "apple", "facebook", "device", "password", "email"] as const;
/** Battle modes and maps. */
export const MODE_KEYS = ["random", "ranked", "assault", "clan"] as const;
export const MAP_KEYS = [
  "prokhorovka",
  "steppe",
  "steppes",
  "mines",
  "himmelsdorf",
  "malinovka",
  "ruinberg",
  "fjords",
  "el-halluf",
  "lakeville",
] as const;
/** Kinds of content items. */
export const SEASON_KEYS = ["summer", "winter", "desert", "universal"] as const;
export const DECAL_KEYS = ["emblem", "inscription"] as const;
export const CONSUMABLE_KEYS = ["repair", "medkit", "extinguisher", "ammo", "food", "boost"] as const;
export const KIT_ITEM_KEYS = ["tank", "consumable", "camouflage", "decal", "module"] as const;
export const MODULE_SLOT_KEYS = ["gun", "turret", "engine", "tracks", "radio"] as const;
export const DECORATION_KEYS = ["flag", "horn", "trail", "smoke", "skin"] as const;
export const CREW_ROLE_KEYS = ["commander", "gunner", "driver", "loader", "radio"] as const;
export const CREW_GROUP_KEYS = ["recruit", "school", "academy"] as const;
export const RARITY_KEYS = ["common", "rare", "epic", "legendary"] as const;
export const STAT_KEYS = ["damage", "penetration", "armor", "speed", "rateOfFire", "hp", "viewRange"] as const;
export const TASK_KEYS = [
  "win_battles",
  "play_battles",
  "deal_damage",
  "destroy_tanks",
  "earn_silver",
  "play_class",
] as const;
/** Clan roles. */
export const CLAN_ROLE_KEYS = ["leader", "officer", "member"] as const;

/**
 * Stored values that never read as words as they are (a nation's id, a ledger reason, a snake_case
 * key): seeing one in a page's text, in either language, is a value shown raw (e2e/look.spec.ts).
 * Plain English words (light, winter, mines) are left out: English data (a tank's English name) uses them.
 */
export const RAW_VALUES: readonly string[] = [
  ...NATION_KEYS,
  ...LEDGER_REASONS,
  ...[...SOURCE_KEYS, ...STORE_KEYS, ...TASK_KEYS].filter((k) => k.includes("_")),
];
