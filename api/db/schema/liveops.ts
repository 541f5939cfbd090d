// Live events and tournaments (docs/decisions/liveops.md): what runs when (a schedule), for whom
// (an audience and entry rules), how entries score and are bucketed, what a rank pays, and each
// period's entries and paid prizes. Periods are not stored ahead: the schedule names them, a
// period is (event, its start instant), and a row appears when someone enters or it is settled.
import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";
import { OFFER_AUDIENCES, specialOffers } from "./offers.ts";

export const LIVE_EVENT_KINDS = ["tournament", "multiplier", "offerWindow"] as const;
/** The offers' audiences for now; `saved` names a saved audience (liveEvents.audienceId) once they exist. */
export const LIVE_EVENT_AUDIENCES = [...OFFER_AUDIENCES, "saved"] as const;
/** What a battle adds to a tournament entry's score: rating is the battle's rating change (may be negative). */
export const LIVE_EVENT_METRICS = ["wins", "damage", "xp", "rating", "battles"] as const;
/** The built-in events the weekly tournaments' screens read (one each; operators edit them like any other). */
export const LIVE_EVENT_BUILTINS = ["weeklyPlayers", "weeklyClans"] as const;
/** Who a tournament's entries are: players, or clans (scored by their members' battles for the clan, prizes to those members). */
export const LIVE_EVENT_ENTRANTS = ["player", "clan"] as const;
export const LIVE_EVENT_FEE_CURRENCIES = ["gold", "silver"] as const;
export const LIVE_EVENT_MULTIPLIED = ["xp", "silver"] as const;
export const LIVE_PERIOD_STATES = ["open", "settled"] as const;

export const liveEvents = sqliteTable(
  "live_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: LIVE_EVENT_KINDS }).notNull(),
    titleRu: text("title_ru").notNull(),
    titleEn: text("title_en").notNull(),
    /** A Schedule (api/domain/liveops/schedule.ts) as JSON: CRON + duration + zone, or fixed periods. */
    schedule: text("schedule").notNull(),
    audience: text("audience", { enum: LIVE_EVENT_AUDIENCES }).notNull().default("all"),
    /** The saved audience when `audience` is `saved` (its table comes with saved audiences). */
    audienceId: integer("audience_id"),
    minLevel: integer("min_level").notNull().default(1),
    maxLevel: integer("max_level").notNull().default(100),
    /** The tank tiers an entry may play (its best owned tier for the entry rule, the battle's tank for scoring). */
    minTier: integer("min_tier").notNull().default(1),
    maxTier: integer("max_tier").notNull().default(10),
    /** Entry fee taken through the ledger on entering (reason liveops.fee); 0: free. */
    feeCurrency: text("fee_currency", { enum: LIVE_EVENT_FEE_CURRENCIES }).notNull().default("silver"),
    fee: integer("fee").notNull().default(0),
    /** Entries per period (all buckets); null: no limit. */
    sizeLimit: integer("size_limit"),
    /** Tournament: what a battle adds to an entry's score. */
    metric: text("metric", { enum: LIVE_EVENT_METRICS }).notNull().default("wins"),
    /** Tournament: a separate ranking per tier played (an entry's tier is fixed when it enters). */
    perTier: integer("per_tier", { mode: "boolean" }).notNull().default(false),
    /** Tournament: leagues of this many entries in join order (newcomers meet newcomers); null: one board. */
    bucketSize: integer("bucket_size"),
    /** Tournament: a PrizeTable as JSON, by rank or by top percentile, per bucket. */
    prizes: text("prizes").notNull().default('{"by":"rank","rows":[]}'),
    /** Multiplier: what is multiplied and by how much (percent: 200 = double). */
    multiplied: text("multiplied", { enum: LIVE_EVENT_MULTIPLIED }),
    multiplierPct: integer("multiplier_pct"),
    /** Offer window: the special offer shown while a period runs. */
    offerId: integer("offer_id").references(() => specialOffers.id),
    /** Tournament: a player's first counted battle of a period enters them (no entering, no fee, every tier). */
    autoEnter: integer("auto_enter", { mode: "boolean" }).notNull().default(false),
    /** Tournament: players enter, or clans (auto-entered by a member's battle for the clan: clan entries). */
    entrant: text("entrant", { enum: LIVE_EVENT_ENTRANTS }).notNull().default("player"),
    /** The weekly tournament the players' (or clans') tournament screens read, when this event is it. */
    builtin: text("builtin", { enum: LIVE_EVENT_BUILTINS }),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("live_events_kind").on(t.active, t.kind), uniqueIndex("live_events_builtin").on(t.builtin)],
);

/** One player's entry in one period; (event, period, player) unique. */
export const liveEventEntries = sqliteTable(
  "live_event_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => liveEvents.id),
    /** The period's start instant (epoch ms): a period's name. */
    periodStart: integer("period_start").notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    /** The tier the entry plays (perTier boards), fixed on entering. */
    tier: integer("tier").notNull(),
    /** The league: 0, 1, … in join order (bucketSize entries each); 0 without leagues. */
    bucket: integer("bucket").notNull().default(0),
    score: integer("score").notNull().default(0),
    /** What the entry's counted battles add up to, whatever the metric: the weekly boards' four orders. */
    battles: integer("battles").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    ratingDelta: integer("rating_delta").notNull().default(0),
    experience: integer("experience").notNull().default(0),
    /** When the score last rose: an earlier one ranks first on equal scores. */
    scoredAt: integer("scored_at").notNull(),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [
    uniqueIndex("live_event_entries_player").on(t.eventId, t.periodStart, t.playerId),
    index("live_event_entries_board").on(t.eventId, t.periodStart, t.tier, t.bucket, t.score),
  ],
);

/**
 * One clan's entry in one period of a clans' tournament (entrant `clan`); (event, period, clan)
 * unique. Its figures are the sums of its members' battles fought for the clan in the period,
 * added at each battle's end; the prize of its place goes to those members (live_event_results).
 */
export const liveEventClanEntries = sqliteTable(
  "live_event_clan_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => liveEvents.id),
    periodStart: integer("period_start").notNull(),
    clanId: integer("clan_id").notNull(),
    score: integer("score").notNull().default(0),
    battles: integer("battles").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    ratingDelta: integer("rating_delta").notNull().default(0),
    experience: integer("experience").notNull().default(0),
    scoredAt: integer("scored_at").notNull(),
    joinedAt: integer("joined_at").notNull(),
    /** The place the settle gave it (null until settled). */
    rank: integer("rank"),
  },
  (t) => [uniqueIndex("live_event_clan_entries_clan").on(t.eventId, t.periodStart, t.clanId)],
);

/** A period that has entries or was settled; `settled` once its prizes are paid (one transaction). */
export const liveEventPeriods = sqliteTable(
  "live_event_periods",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => liveEvents.id),
    periodStart: integer("period_start").notNull(),
    periodEnd: integer("period_end").notNull(),
    state: text("state", { enum: LIVE_PERIOD_STATES }).notNull().default("open"),
    entries: integer("entries").notNull().default(0),
    settledAt: integer("settled_at"),
  },
  (t) => [
    uniqueIndex("live_event_periods_key").on(t.eventId, t.periodStart),
    index("live_event_periods_due").on(t.state, t.periodEnd),
  ],
);

/** A period's results: each ranked entry's place and what it was paid (ledger keys name event, period, player). */
export const liveEventResults = sqliteTable(
  "live_event_results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => liveEvents.id),
    periodStart: integer("period_start").notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    tier: integer("tier").notNull(),
    bucket: integer("bucket").notNull(),
    rank: integer("rank").notNull(),
    score: integer("score").notNull(),
    gold: integer("gold").notNull().default(0),
    silver: integer("silver").notNull().default(0),
    /** A clans' tournament: the clan whose place this member was paid for (rank and score are the clan's). */
    clanId: integer("clan_id"),
    settledAt: integer("settled_at").notNull(),
  },
  (t) => [uniqueIndex("live_event_results_player").on(t.eventId, t.periodStart, t.playerId)],
);
