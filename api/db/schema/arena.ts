// The battles played here (api/game/arena): who waits for one, and where each running battle lives.
import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";
import { battles } from "./battles.ts";
import { players } from "./players.ts";

/** Players waiting for a battle, with the tank they chose; a formed battle takes its rows away. */
export const battleQueue = sqliteTable(
  "battle_queue",
  {
    playerId: integer("player_id")
      .primaryKey()
      .references(() => players.id, { onDelete: "cascade" }),
    tankId: integer("tank_id").notNull(),
    tier: integer("tier").notNull(),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [index("battle_queue_joined").on(t.joinedAt)],
);

/**
 * A battle simulated here: the instance that owns it (its origin, "" = any instance of a single
 * deployment), its setup (seed, map, seats), the last time its owner ticked it, and, once it ended,
 * its recorded inputs for a replay.
 */
export const battleRooms = sqliteTable(
  "battle_rooms",
  {
    battleId: integer("battle_id")
      .primaryKey()
      .references(() => battles.id, { onDelete: "cascade" }),
    host: text("host").notNull(),
    setup: text("setup").notNull(),
    heartbeatAt: integer("heartbeat_at").notNull(),
    /** JSON InputRecord[]: written when the battle ends. */
    inputs: text("inputs"),
    /** JSON of the simulation's end (winner, reason, tick). */
    outcome: text("outcome"),
  },
  (t) => [index("battle_rooms_heartbeat").on(t.heartbeatAt)],
);
