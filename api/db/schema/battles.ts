// Battles the game's battle servers report: one row per battle, one per player in it, and the
// battle's timeline (start, each report, end or stop) for operators.
import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const BATTLE_STATUSES = ["running", "finished", "stopped"] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];
export const BATTLE_RESULTS = ["win", "loss", "draw"] as const;
export type BattleResult = (typeof BATTLE_RESULTS)[number];

export const battles = sqliteTable(
  "battles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The battle server's own id of the battle: a repeated start with it answers the same battle. */
    serverRef: text("server_ref"),
    mode: text("mode").notNull(),
    map: text("map").notNull(),
    status: text("status", { enum: BATTLE_STATUSES }).notNull(),
    startedAt: integer("started_at").notNull(),
    endedAt: integer("ended_at"),
    /** The admin who stopped it (status stopped by hand); null when the server ended it. */
    stoppedBy: integer("stopped_by"),
  },
  (t) => [
    uniqueIndex("battles_server_ref").on(t.serverRef),
    index("battles_status_started").on(t.status, t.startedAt),
    index("battles_started").on(t.startedAt),
  ],
);

export const battlePlayers = sqliteTable(
  "battle_players",
  {
    battleId: integer("battle_id")
      .notNull()
      .references(() => battles.id, { onDelete: "cascade" }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    tankId: integer("tank_id").notNull(),
    /** The player's clan when the battle started: clan counters and tournaments count by it. */
    clanId: integer("clan_id"),
    result: text("result", { enum: BATTLE_RESULTS }),
    experience: integer("experience").notNull().default(0),
    silverEarned: integer("silver_earned").notNull().default(0),
    silverSpent: integer("silver_spent").notNull().default(0),
    kills: integer("kills").notNull().default(0),
    damage: integer("damage").notNull().default(0),
    durationS: integer("duration_s").notNull().default(0),
    ratingDelta: integer("rating_delta").notNull().default(0),
    /** Copied from the battle when it ends, so per-player and per-clan periods need no join. */
    endedAt: integer("ended_at"),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.playerId] }),
    index("battle_players_player").on(t.playerId, t.battleId),
    index("battle_players_clan").on(t.clanId, t.endedAt),
  ],
);

export const battleEvents = sqliteTable(
  "battle_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    battleId: integer("battle_id")
      .notNull()
      .references(() => battles.id, { onDelete: "cascade" }),
    /** start, player.result, end, stop */
    kind: text("kind").notNull(),
    playerId: integer("player_id"),
    details: text("details").notNull().default("{}"),
    at: integer("at").notNull(),
  },
  (t) => [index("battle_events_battle").on(t.battleId, t.id)],
);
