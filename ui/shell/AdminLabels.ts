// The back office's words for stored values and field names — the one place a screen turns `ussr`,
// `transfer.out`, `nameRu` or `leader` into what an operator reads, in ru and en. The value lists
// are `ui/lib/enums.ts` (no macros, so the look check can read them); nations and tank classes are
// ui/lib/tank-words.ts'. Admin screens only: the player site's catalogue leaves these messages out
// (ui/public-catalogues.ts treats `ui/shell/Admin*` as back-office code).
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { CLASS_NAMES, NATION_NAMES } from "../lib/tank-words.ts";
import type * as E from "../lib/enums.ts";
import { fmtDateTime } from "../lib/i18n.ts";
import { fieldText } from "./AdminFields.ts";

type Words<K extends readonly string[]> = Record<K[number], MessageDescriptor>;

const CURRENCY: Words<typeof E.CURRENCY_KEYS> = { gold: msg`Gold`, silver: msg`Silver` };
/** A currency after an amount ("−80 silver"; ru "−80 сер.": the same form for any number). */
const CURRENCY_UNIT: Words<typeof E.CURRENCY_KEYS> = {
  gold: msg({ message: "gold", context: "after an amount" }),
  silver: msg({ message: "silver", context: "after an amount" }),
};
const REASON: Words<typeof E.LEDGER_REASONS> = {
  "battle.reward": msg`Battle reward`,
  "battle.repair": msg`Repair after a battle`,
  "battle.ammo": msg`Ammunition after a battle`,
  "bonus.rate": msg`Bonus for rating the game`,
  "clan.create": msg`Clan founded`,
  "crew.upgrade": msg`Crew training`,
  "daily_task.reward": msg`Daily task reward`,
  "demo.clan_funds": msg`Clan funds (demo world)`,
  "gift.in": msg`Gift received`,
  "gift.out": msg`Gift sent`,
  "gift.tank": msg`Tank sent as a gift`,
  "gift.consumable": msg`Consumable sent as a gift`,
  "gift.camouflage": msg`Camouflage sent as a gift`,
  "payment.credit": msg`Payment credited`,
  "payment.refund": msg`Payment refunded`,
  "payment.chargeback": msg`Payment charged back`,
  "payment.reinstate": msg`Payment reinstated`,
  "quest.reward": msg`Quest reward`,
  "registration.bonus": msg`Welcome bonus`,
  "shop.tank": msg`Tank bought`,
  "shop.consumable": msg`Consumable bought`,
  "shop.camouflage": msg`Camouflage bought`,
  "transfer.in": msg`Transfer received`,
  "transfer.out": msg`Transfer sent`,
  "offer.buy": msg`Special offer bought`,
  "offer.grant": msg`Special offer contents`,
  "admin.import": msg`Imported by an operator`,
};
const PLATFORM: Words<typeof E.PLATFORM_KEYS> = {
  web: msg`Web`,
  android: msg`Android`,
  ios: msg`iOS`,
  windows: msg`Windows`,
  macos: msg`macOS`,
  vk: msg`VK`,
};
const SOURCE: Words<typeof E.SOURCE_KEYS> = {
  organic: msg`Organic`,
  vk_ads: msg`VK Ads`,
  google_ads: msg`Google Ads`,
  yandex_direct: msg`Yandex Direct`,
  facebook: msg`Facebook`,
};
const STORE: Words<typeof E.STORE_KEYS> = {
  web: msg`Web`,
  google_play: msg`Google Play`,
  app_store: msg`App Store`,
  rustore: msg`RuStore`,
  steam: msg`Steam`,
  vk_play: msg`VK Play`,
};
const PROVIDER: Words<typeof E.PROVIDER_KEYS> = {
  stripe: msg`Stripe`,
  robokassa: msg`Robokassa`,
  ecommpay: msg`ECommPay`,
  paypal: msg`PayPal`,
  apple: msg`Apple`,
  rustore: msg`RuStore`,
  google: msg`Google`,
  manual: msg({ message: "Manual", context: "payment provider" }),
};
const AD_NETWORK: Words<typeof E.AD_NETWORK_KEYS> = {
  yandex: msg`Yandex`,
  vk: msg`VK`,
  applovin: msg`AppLovin`,
  admob: msg`AdMob`,
  unity: msg`Unity Ads`,
};
const NETWORK: Words<typeof E.NETWORK_KEYS> = {
  vk: msg`VK`,
  ok: msg`Odnoklassniki`,
  google: msg`Google`,
  apple: msg`Apple`,
  facebook: msg`Facebook`,
  device: msg({ message: "Device", context: "sign-in network" }),
  password: msg`Password`,
  email: msg`Email`,
};
const MODE: Words<typeof E.MODE_KEYS> = {
  random: msg({ message: "Random battle", context: "battle mode" }),
  ranked: msg({ message: "Ranked battle", context: "battle mode" }),
  assault: msg({ message: "Assault", context: "battle mode" }),
  clan: msg({ message: "Clan battle", context: "battle mode" }),
};
const MAP: Words<typeof E.MAP_KEYS> = {
  prokhorovka: msg`Prokhorovka`,
  steppe: msg`Steppe`,
  steppes: msg`Steppes`,
  mines: msg`Mines`,
  himmelsdorf: msg`Himmelsdorf`,
  malinovka: msg`Malinovka`,
  ruinberg: msg`Ruinberg`,
  fjords: msg`Fjords`,
  "el-halluf": msg`El Halluf`,
  lakeville: msg`Lakeville`,
};
const SEASON: Words<typeof E.SEASON_KEYS> = {
  summer: msg`Summer`,
  winter: msg`Winter`,
  desert: msg`Desert`,
  universal: msg`All seasons`,
};
const DECAL: Words<typeof E.DECAL_KEYS> = { emblem: msg`Emblem`, inscription: msg`Inscription` };
const CONSUMABLE: Words<typeof E.CONSUMABLE_KEYS> = {
  repair: msg`Repair kit`,
  medkit: msg`First aid kit`,
  extinguisher: msg`Fire extinguisher`,
  ammo: msg`Ammunition`,
  food: msg`Rations`,
  boost: msg`Booster`,
};
const KIT_ITEM: Words<typeof E.KIT_ITEM_KEYS> = {
  tank: msg({ message: "Tank", context: "item kind" }),
  consumable: msg({ message: "Consumable", context: "item kind" }),
  camouflage: msg({ message: "Camouflage", context: "item kind" }),
  decal: msg({ message: "Decal", context: "item kind" }),
  module: msg({ message: "Module", context: "item kind" }),
};
const SLOT: Words<typeof E.MODULE_SLOT_KEYS> = {
  gun: msg`Gun`,
  turret: msg`Turret`,
  engine: msg`Engine`,
  tracks: msg`Suspension`,
  radio: msg`Radio`,
};
const DECORATION: Words<typeof E.DECORATION_KEYS> = {
  flag: msg`Flag`,
  horn: msg`Horn`,
  trail: msg`Trail`,
  smoke: msg`Smoke`,
  skin: msg`Skin`,
};
const CREW_ROLE: Words<typeof E.CREW_ROLE_KEYS> = {
  commander: msg`Commander`,
  gunner: msg`Gunner`,
  driver: msg`Driver`,
  loader: msg`Loader`,
  radio: msg`Radio operator`,
};
const CREW_GROUP: Words<typeof E.CREW_GROUP_KEYS> = {
  recruit: msg`Recruit`,
  school: msg`Tank school`,
  academy: msg`Academy`,
};
const RARITY: Words<typeof E.RARITY_KEYS> = {
  common: msg`Common`,
  rare: msg`Rare`,
  epic: msg`Epic`,
  legendary: msg`Legendary`,
};
const STAT: Words<typeof E.STAT_KEYS> = {
  damage: msg`Damage`,
  penetration: msg`Penetration`,
  armor: msg`Armour`,
  speed: msg`Speed`,
  rateOfFire: msg`Rate of fire`,
  hp: msg`Hit points`,
  viewRange: msg`View range`,
};
const TASK: Words<typeof E.TASK_KEYS> = {
  win_battles: msg`Win battles`,
  play_battles: msg`Play battles`,
  deal_damage: msg`Deal damage`,
  destroy_tanks: msg`Destroy tanks`,
  earn_silver: msg`Earn silver`,
  play_class: msg`Play a tank class`,
};
const CLAN_ROLE: Words<typeof E.CLAN_ROLE_KEYS> = {
  leader: msg({ message: "leader", context: "clan role" }),
  officer: msg({ message: "officer", context: "clan role" }),
  member: msg({ message: "member", context: "clan role" }),
};

/** What a clan log row says happened (an operator's `admin.*` reads the same, marked by who did it). */
const CLAN_ACTION: Record<string, MessageDescriptor> = {
  create: msg({ message: "created the clan", context: "clan log" }),
  edit: msg({ message: "edited the clan", context: "clan log" }),
  request: msg({ message: "asked to join", context: "clan log" }),
  approve: msg({ message: "accepted a request", context: "clan log" }),
  reject: msg({ message: "rejected a request", context: "clan log" }),
  quit: msg({ message: "left the clan", context: "clan log" }),
  kick: msg({ message: "removed a member", context: "clan log" }),
  role: msg({ message: "changed a role", context: "clan log" }),
  leader: msg({ message: "handed the leadership over", context: "clan log" }),
  remove: msg({ message: "removed the clan", context: "clan log" }),
};

const RESULT: Record<string, MessageDescriptor> = {
  win: msg({ message: "Win", context: "battle result" }),
  loss: msg({ message: "Loss", context: "battle result" }),
  draw: msg({ message: "Draw", context: "battle result" }),
};
/** What a player's session event was (the warehouse's activity kinds). */
const ACTIVITY: Record<string, MessageDescriptor> = {
  login: msg({ message: "signed in", context: "activity" }),
  logout: msg({ message: "signed out", context: "activity" }),
  registration: msg({ message: "registered", context: "activity" }),
  battle: msg({ message: "played a battle", context: "activity" }),
  purchase: msg({ message: "bought in the shop", context: "activity" }),
  gift: msg({ message: "sent a gift", context: "activity" }),
  transfer: msg({ message: "sent a transfer", context: "activity" }),
  erasure: msg({ message: "personal data erased", context: "activity" }),
};

const ADMIN_ROLE: Record<string, MessageDescriptor> = {
  support: msg({ message: "support", context: "admin role" }),
  operator: msg({ message: "operator", context: "admin role" }),
  admin: msg({ message: "admin", context: "admin role" }),
  superadmin: msg({ message: "superadmin", context: "admin role" }),
};
const EXPERIMENT_STATUS: Record<string, MessageDescriptor> = {
  draft: msg({ message: "draft", context: "experiment status" }),
  running: msg({ message: "running", context: "experiment status" }),
  stopped: msg({ message: "stopped", context: "experiment status" }),
};
const NOTIFICATION_STATUS: Record<string, MessageDescriptor> = {
  draft: msg({ message: "draft", context: "notification status" }),
  active: msg({ message: "active", context: "notification status" }),
  paused: msg({ message: "paused", context: "notification status" }),
  finished: msg({ message: "finished", context: "notification status" }),
};
const ORDER_STATUS: Record<string, MessageDescriptor> = {
  created: msg({ message: "created", context: "order status" }),
  pending: msg({ message: "pending", context: "order status" }),
  paid: msg({ message: "paid", context: "order status" }),
  failed: msg({ message: "failed", context: "order status" }),
  cancelled: msg({ message: "cancelled", context: "order status" }),
  refunded: msg({ message: "refunded", context: "order status" }),
};

const CHAT_STATUS: Record<string, MessageDescriptor> = {
  visible: msg({ message: "visible", context: "chat message status" }),
  hidden: msg({ message: "hidden", context: "chat message status" }),
  deleted: msg({ message: "deleted", context: "chat message status" }),
};
const TICKET_STATUS: Record<string, MessageDescriptor> = {
  open: msg({ message: "awaiting operator", context: "ticket status" }),
  answered: msg({ message: "answered", context: "ticket status" }),
  waiting: msg({ message: "waiting for player", context: "ticket status" }),
  closed: msg({ message: "closed", context: "ticket status" }),
};
const AUDIENCE: Record<string, MessageDescriptor> = {
  all: msg`Everyone`,
  payers: msg`Payers`,
  nonPayers: msg`Non-payers`,
};
const CMS_TYPE: Record<string, MessageDescriptor> = {
  guide: msg({ message: "Guide", context: "cms type" }),
  news: msg({ message: "News", context: "cms type" }),
  terms: msg({ message: "Terms", context: "cms type" }),
  faq: msg({ message: "FAQ", context: "cms type" }),
};
const AVATAR_REASON: Record<string, MessageDescriptor> = {
  nudity: msg`Nudity or sexual content`,
  violence: msg`Violence or cruelty`,
  offensive: msg`Offensive symbols or words`,
  advertising: msg`Advertising or links`,
  personalData: msg`Someone's personal data`,
  copyright: msg`Someone else's copyrighted image`,
  quality: msg`The picture cannot be made out`,
  other: msg`Does not follow the site rules`,
};

/** Every domain of stored values, by name. */
export const VALUE_WORDS = {
  nation: NATION_NAMES,
  tankClass: CLASS_NAMES,
  currency: CURRENCY,
  unit: CURRENCY_UNIT,
  reason: REASON,
  platform: PLATFORM,
  source: SOURCE,
  store: STORE,
  provider: PROVIDER,
  adNetwork: AD_NETWORK,
  network: NETWORK,
  mode: MODE,
  map: MAP,
  season: SEASON,
  decal: DECAL,
  consumable: CONSUMABLE,
  kitItem: KIT_ITEM,
  slot: SLOT,
  decoration: DECORATION,
  crewRole: CREW_ROLE,
  crewGroup: CREW_GROUP,
  rarity: RARITY,
  stat: STAT,
  task: TASK,
  clanRole: CLAN_ROLE,
  clanAction: CLAN_ACTION,
  result: RESULT,
  activity: ACTIVITY,
  adminRole: ADMIN_ROLE,
  experimentStatus: EXPERIMENT_STATUS,
  notificationStatus: NOTIFICATION_STATUS,
  orderStatus: ORDER_STATUS,
  chatStatus: CHAT_STATUS,
  avatarReason: AVATAR_REASON,
  ticketStatus: TICKET_STATUS,
  audience: AUDIENCE,
  cmsType: CMS_TYPE,
} satisfies Record<string, Record<string, MessageDescriptor>>;
export type Domain = keyof typeof VALUE_WORDS;

/** A stored value of a domain in words; a value the domain does not know stays as it is. */
export function valueText(domain: Domain, value: string | null | undefined): string {
  if (value == null) return "";
  const d = VALUE_WORDS[domain] as Record<string, MessageDescriptor>;
  return Object.hasOwn(d, value) ? i18n._(d[value]) : value;
}

/** Domains whose values a generic screen (a resource list, a log's details) looks a bare value up in, first match wins. */
const GENERIC: Domain[] = [
  "nation",
  "tankClass",
  "season",
  "decal",
  "consumable",
  "kitItem",
  "crewRole",
  "slot",
  "decoration",
  "crewGroup",
  "rarity",
  "stat",
  "task",
  "currency",
  "reason",
  "platform",
  "source",
  "store",
  "provider",
  "adNetwork",
  "mode",
  "map",
  "clanRole",
  "cmsType",
];
/** A bare value of an unknown domain in words (resource lists, details): the first domain that knows it. */
export function anyValueText(value: string): string {
  for (const d of GENERIC) {
    const words = VALUE_WORDS[d] as Record<string, MessageDescriptor>;
    if (Object.hasOwn(words, value)) return i18n._(words[value]);
  }
  return value;
}

/** An amount with its sign and currency: "−80 silver" (ru "−80 сер."). */
export function amountText(delta: number, currency: string): string {
  const n = new Intl.NumberFormat(i18n.locale === "ru" ? "ru-RU" : "en-US", { signDisplay: "exceptZero" })
    .format(delta)
    .replace("-", "−");
  return `${n} ${valueText("unit", currency)}`;
}

const YES = msg({ message: "yes", context: "value" });
const NO = msg({ message: "no", context: "value" });
const num = (n: number) => new Intl.NumberFormat(i18n.locale === "ru" ? "ru-RU" : "en-US").format(n);

/**
 * Any stored value as words: yes/no, numbers in the locale's digits, known values from the tables
 * above, an item reference ({ kind, id, count }) as "Tank #3 ×1", other objects as "Field: value"
 * with the fields' names in words.
 */
export function shownValue(v: unknown): string {
  if (v == null || v === "") return "";
  if (typeof v === "boolean") return i18n._(v ? YES : NO);
  if (typeof v === "number") return num(v);
  if (typeof v === "string") return anyValueText(v);
  if (Array.isArray(v)) return v.map(shownValue).join(", ");
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (
      typeof o.kind === "string" &&
      o.id !== undefined &&
      Object.keys(o).every((k) => k === "kind" || k === "id" || k === "count")
    ) {
      return `${anyValueText(o.kind)} #${String(o.id)}${o.count !== undefined ? ` ×${shownValue(o.count)}` : ""}`;
    }
    return detailsText(o);
  }
  return String(v);
}

/** The domain of a field's values, where a field name says it (details and diffs translate only these). */
const FIELD_DOMAIN: Record<string, Domain> = {
  nation: "nation",
  tankType: "tankClass",
  currency: "currency",
  rewardCurrency: "currency",
  reason: "reason",
  platform: "platform",
  source: "source",
  store: "store",
  market: "store",
  provider: "provider",
  network: "network",
  mode: "mode",
  map: "map",
  season: "season",
  slot: "slot",
  rarity: "rarity",
  stat: "stat",
  role: "clanRole",
  adminRole: "adminRole",
  experimentStatus: "experimentStatus",
  notificationStatus: "notificationStatus",
  orderStatus: "orderStatus",
  providerStatus: "orderStatus",
  type: "tankClass",
  chatStatus: "chatStatus",
  avatarReason: "avatarReason",
  crewRole: "crewRole",
  ticketStatus: "ticketStatus",
  audience: "audience",
  task: "task",
};
/** An enum field's value in words: by the field's domain when it knows the value, else the first domain that does. */
export function enumText(field: string, v: string): string {
  const d = Object.hasOwn(FIELD_DOMAIN, field)
    ? (VALUE_WORDS[FIELD_DOMAIN[field]] as Record<string, MessageDescriptor>)
    : undefined;
  return d && Object.hasOwn(d, v) ? i18n._(d[v]) : anyValueText(v);
}
/** Fields holding a moment (milliseconds): shown as DD.MM.YYYY HH:mm:ss. */
const MOMENTS = new Set([
  "bannedUntil",
  "until",
  "startsAt",
  "endsAt",
  "premiumUntil",
  "createdAt",
  "updatedAt",
  "from",
]);
/** A field's value in words: by the field's domain where known, else numbers, yes/no and nested objects; other text as it is. */
export function fieldValueText(field: string, v: unknown): string {
  if (typeof v === "number" && MOMENTS.has(field)) return fmtDateTime(v);
  if (field === "room" && typeof v === "string") return roomText(v);
  if (field === "identities") return identitiesText(v);
  if (typeof v === "string") return Object.hasOwn(FIELD_DOMAIN, field) ? enumText(field, v) : v;
  return shownValue(v);
}

/** An object's fields as "Field: value" in words (empty ones left out), for log details and diffs. */
export const detailsText = (o: Record<string, unknown>, skip: string[] = []) =>
  Object.entries(o)
    .filter(
      ([k, v]) =>
        !skip.includes(k) &&
        v !== null &&
        v !== undefined &&
        v !== "" &&
        !(typeof v === "object" && Object.keys(v as object).length === 0),
    )
    .map(([k, v]) => `${fieldText(k)}: ${fieldValueText(k, v)}`)
    .join(", ");

/** Kinds of things one row points at: a ledger row's reference, an admin log row's target. */
const REF: Record<string, MessageDescriptor> = {
  player: msg({ message: "player", context: "reference" }),
  battle: msg({ message: "battle", context: "reference" }),
  order: msg({ message: "order", context: "reference" }),
  purchase: msg({ message: "purchase", context: "reference" }),
  clan: msg({ message: "clan", context: "reference" }),
  crew: msg({ message: "crew", context: "reference" }),
  daily_task: msg({ message: "daily task", context: "reference" }),
  quest: msg({ message: "quest", context: "reference" }),
  admin: msg({ message: "admin", context: "reference" }),
  chat_message: msg({ message: "chat message", context: "reference" }),
  chat_words: msg({ message: "banned words", context: "reference" }),
  experiment: msg({ message: "experiment", context: "reference" }),
  offer: msg({ message: "special offer", context: "reference" }),
  cms: msg({ message: "CMS", context: "reference" }),
  cmsCategory: msg({ message: "CMS category", context: "reference" }),
  cmsContent: msg({ message: "CMS material", context: "reference" }),
  translation: msg({ message: "translation", context: "reference" }),
  month: msg({ message: "month", context: "reference" }),
  monthly_metrics: msg({ message: "monthly figures", context: "reference" }),
  tank: msg({ message: "tank", context: "reference" }),
  notification: msg({ message: "notification", context: "reference" }),
  ticket: msg({ message: "support ticket", context: "reference" }),
  catalog: msg({ message: "payment catalogue", context: "reference" }),
  catalog_item: msg({ message: "payment catalogue item", context: "reference" }),
  multipliers: msg({ message: "currency multipliers", context: "reference" }),
  cache: msg({ message: "cache", context: "reference" }),
  adSettings: msg({ message: "ad settings", context: "reference" }),
  battleOptions: msg({ message: "battle options version", context: "reference" }),
  clientOption: msg({ message: "client option", context: "reference" }),
  serverOption: msg({ message: "server option", context: "reference" }),
  immutableOption: msg({ message: "immutable option", context: "reference" }),
  tankData: msg({ message: "tank data", context: "reference" }),
  optionsData: msg({ message: "options data", context: "reference" }),
};
/** A thing by its kind and id: "player #12"; a kind without words reads as its id alone ("#3"), never as the stored kind. */
export function thingText(kind: string | null | undefined, id: string | null | undefined): string {
  const word = kind && Object.hasOwn(REF, kind) ? i18n._(REF[kind]) : "";
  return [word, id ? `#${id}` : ""].filter(Boolean).join(" ");
}
/** A ledger row's reference ("player:12", "battle:5", "crew:3:4") as "player #12"; an unknown kind as it is. */
export function refText(ref: unknown): string {
  if (typeof ref !== "string" || !ref) return "";
  const [kind, id] = ref.split(":");
  return Object.hasOwn(REF, kind) && id ? thingText(kind, id) : ref;
}

/** Sign-in identities kept as "network:uid" ("vk:123") in words: "VK 123". */
function identitiesText(v: unknown): string {
  const one = (s: unknown) => {
    const text = String(s);
    const at = text.indexOf(":");
    return at > 0 ? `${valueText("network", text.slice(0, at))} ${text.slice(at + 1)}` : text;
  };
  return Array.isArray(v) ? v.map(one).join(", ") : one(v);
}

const GLOBAL_ROOM = msg({ message: "General chat", context: "chat room" });
const CLAN_ROOM = msg({ message: "Clan", context: "chat room" });
/** A chat room's id ("global:ru", "clan:12") as words: "General chat (ru)", "Clan #12". */
export function roomText(room: string): string {
  const [kind, rest] = room.split(":");
  if (kind === "global") return rest ? `${i18n._(GLOBAL_ROOM)} (${rest})` : i18n._(GLOBAL_ROOM);
  if (kind === "clan" && rest) return `${i18n._(CLAN_ROOM)} #${rest}`;
  return room;
}

const CREATED_WITH = msg({ message: "Created with", context: "admin log" });
/** Text values longer than this are cut in a change line (the whole text is in the item). */
const LONG = 80;
const cut = (s: string) => (s.length > LONG ? `${s.slice(0, LONG)}…` : s);
const changeValue = (field: string, v: unknown) =>
  v === undefined || v === null || v === "" ? "—" : cut(fieldValueText(field, v)) || "—";

export interface Change {
  field: string;
  before?: unknown;
  after?: unknown;
}
/** One field's change: "Nation: USSR → Germany"; a value set on creation: "Nation: USSR". */
export function changeText(c: Change): string {
  const name = fieldText(c.field);
  return "before" in c
    ? `${name}: ${changeValue(c.field, c.before)} → ${changeValue(c.field, c.after)}`
    : `${name}: ${changeValue(c.field, c.after)}`;
}
/** A change set as one line; an item created reads "Created with: …". */
export function changesText(changes: Change[], created = false): string {
  if (changes.length === 0) return "";
  const line = changes.map(changeText).join("; ");
  return created ? `${i18n._(CREATED_WITH)}: ${line}` : line;
}
