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
 * its recorded inputs for a replay. While it runs, its owner holds a lease (owner, leaseUntil),
 * renewed with every flush of the input log (battle_input_log, at most a second apart); `tick` is how
 * far the log goes (the state at that tick is the log replayed), `checkpoint` the state at
 * `checkpointTick` (api/game/arena/checkpoint.ts). An instance takes over a battle whose lease ran
 * out: it bumps `epoch` (a write of an older epoch is refused, so an owner that lost its lease
 * cannot write), replays the log from the checkpoint and goes on (api/game/arena/arena.ts).
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
    /** The instance holding the lease ("" = nobody: free to take). */
    owner: text("owner").notNull().default(""),
    /** Bumped by every takeover: the fencing token of the owner's writes. */
    epoch: integer("epoch").notNull().default(0),
    leaseUntil: integer("lease_until").notNull().default(0),
    /** The tick up to which the input log is stored. */
    tick: integer("tick").notNull().default(0),
    checkpoint: text("checkpoint"),
    checkpointTick: integer("checkpoint_tick").notNull().default(0),
  },
  (t) => [index("battle_rooms_heartbeat").on(t.heartbeatAt), index("battle_rooms_lease").on(t.leaseUntil)],
);

/** A running battle's inputs, flushed by its owner in batches (each up to its tick); deleted once it ended. */
export const battleInputLog = sqliteTable(
  "battle_input_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    battleId: integer("battle_id")
      .notNull()
      .references(() => battles.id, { onDelete: "cascade" }),
    toTick: integer("to_tick").notNull(),
    /** JSON InputRecord[] recorded before this tick's step (api/game/sim/replay.ts). */
    inputs: text("inputs").notNull(),
  },
  (t) => [index("battle_input_log_battle").on(t.battleId, t.id)],
);
