// The battles this process owns. One timer steps every room at 20 Hz (catching up if a tick came
// late, so a battle's clock is the wall clock); every few seconds each room writes its heartbeat and
// reads its status back (a stop made on another instance, or by stopTheStuck, reaches it so). On
// Workers each battle is its own Durable Object (edge/worker.ts) running one Room the same way.
import type { Deps } from "../../deps.ts";
import { Room, type RoomEnd, type RoomOwner } from "./room.ts";
import {
  ARENA,
  failArenaBattle,
  finishArenaBattle,
  formBattles,
  heartbeat,
  recordStopped,
  type FormedBattle,
} from "../../domain/arena.ts";
import { TICK_HZ } from "../sim/types.ts";

const TICK_MS = 1000 / TICK_HZ;

export class Arena implements RoomOwner {
  readonly rooms = new Map<number, Room>();
  private started = new Map<number, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastBeat = new Map<number, number>();
  /** The last time a player asked for a battle: the timer keeps matching for a minute after. */
  private lastDemand = 0;
  /** Tests step the rooms by hand (tickAll) instead of the timer. */
  manual = false;

  constructor(private readonly deps: Deps) {}

  /** This instance's address in the store: where players are sent back to their battle. */
  get host(): string {
    return this.deps.settings.instanceUrl ?? "";
  }

  /** Forms what the queue allows and starts the battles formed here. */
  async match(now = this.deps.clock.now()): Promise<FormedBattle[]> {
    const formed = await formBattles(this.deps.db, { now, host: this.host });
    // On Workers a battle's Durable Object loads it from the store when its first player connects.
    if (!this.deps.battleObjects) for (const f of formed) this.open(f.battleId, f.setup, now);
    return formed;
  }

  open(battleId: number, setup: FormedBattle["setup"], now = this.deps.clock.now()): Room {
    const known = this.rooms.get(battleId);
    if (known) return known;
    const room = new Room(battleId, setup, this);
    this.rooms.set(battleId, room);
    this.started.set(battleId, now);
    this.lastBeat.set(battleId, now);
    if (!this.manual) this.run();
    return room;
  }

  get(battleId: number): Room | undefined {
    return this.rooms.get(battleId);
  }

  /** An operator stopped the battle (the store already says so): it ends for its players at once. */
  stopped(room: Room, end: RoomEnd): Promise<void>;
  stopped(battleId: number): void;
  stopped(a: Room | number, end?: RoomEnd): Promise<void> | void {
    if (typeof a === "number") {
      this.rooms.get(a)?.stop();
      return;
    }
    this.forget(a.battleId, 10_000);
    return recordStopped(this.deps.db, a.battleId, end!.inputs, {
      winner: end!.winner,
      reason: end!.reason,
      tick: end!.tick,
    });
  }

  /** A room broke: it is stopped alone, its reason recorded (logged here, once for the room). */
  async failed(room: Room, end: RoomEnd, error: string) {
    try {
      await failArenaBattle(this.deps.db, {
        battleId: room.battleId,
        error,
        inputs: end.inputs,
        tick: end.tick,
        at: this.deps.clock.now(),
      });
    } catch (e) {
      this.deps.logger.warn("arena: a failed battle's stop was not stored", {
        battleId: room.battleId,
        error: String(e),
      });
    } finally {
      this.forget(room.battleId, 10_000);
    }
  }

  async finish(room: Room, end: RoomEnd) {
    try {
      const r = await finishArenaBattle(this.deps.db, {
        battleId: room.battleId,
        winner: end.winner,
        reason: end.reason,
        tick: end.tick,
        durationS: Math.round(end.tick / TICK_HZ),
        stats: room.stats(),
        inputs: end.inputs,
        at: this.deps.clock.now(),
      });
      this.deps.onOutbox?.();
      return r.players;
    } catch (e) {
      this.deps.logger.error("arena: a battle's end was not stored", { battleId: room.battleId, error: String(e) });
      return null;
    } finally {
      this.forget(room.battleId, 60_000);
    }
  }

  /** Keeps an ended room a while (a reloading player still gets its end), then lets it go. */
  private forget(battleId: number, afterMs: number) {
    if (this.manual) return;
    setTimeout(() => {
      const room = this.rooms.get(battleId);
      if (room?.settled) {
        for (const s of room.seats) s.viewer.close(1000, "ended");
        this.rooms.delete(battleId);
        this.started.delete(battleId);
        this.lastBeat.delete(battleId);
      }
    }, afterMs);
  }

  /** Steps every running room to where the wall clock says it should be (at most a second behind). */
  tickAll(now = this.deps.clock.now()) {
    for (const [id, room] of this.rooms) {
      if (room.state.ended || room.failure !== null) continue;
      const due = this.manual ? room.state.tick + 1 : Math.floor((now - (this.started.get(id) ?? now)) / TICK_MS);
      let n = Math.min(TICK_HZ, due - room.state.tick);
      // A room that throws is stopped alone: the others go on ticking, and it is logged once.
      try {
        while (n-- > 0 && room.tick());
      } catch (e) {
        this.deps.logger.error("arena: a room failed and was stopped alone", {
          battleId: id,
          tick: room.state.tick,
          error: e instanceof Error ? (e.stack ?? e.message) : String(e),
        });
        room.fail(e);
        continue;
      }
      if (now - (this.lastBeat.get(id) ?? 0) >= ARENA.heartbeatMs) {
        this.lastBeat.set(id, now);
        void this.beat(room, now);
      }
    }
  }

  private async beat(room: Room, now: number) {
    try {
      const status = await heartbeat(this.deps.db, room.battleId, now);
      if (status === "stopped") room.stop();
    } catch (e) {
      this.deps.logger.warn("arena: heartbeat failed", { battleId: room.battleId, error: String(e) });
    }
  }

  /** A player joined or polls the queue: match at least once a second from now on. */
  wake(now = this.deps.clock.now()) {
    this.lastDemand = now;
    // A Worker's isolate keeps no timers: there the waiting players' polls form the battles.
    if (!this.manual && !this.deps.battleObjects) this.run();
  }

  private run() {
    if (this.timer) return;
    let matching = false;
    let last = 0;
    this.timer = setInterval(() => {
      const now = this.deps.clock.now();
      this.tickAll(now);
      // Once a second, the queue: a player waiting out the longest wait gets their battle even if nobody polls.
      if (now - last >= 1000 && !matching) {
        last = now;
        matching = true;
        this.match(now)
          .catch((e) => this.deps.logger.warn("arena: matchmaking failed", { error: String(e) }))
          .finally(() => (matching = false));
      }
      if (!this.rooms.size && now - this.lastDemand > 60_000) this.halt();
    }, TICK_MS);
  }

  halt() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const arenas = new WeakMap<Deps, Arena>();

/** The arena of an app's deps (one per process on Bun and Deno). */
export function arenaOf(deps: Deps): Arena {
  let a = arenas.get(deps);
  if (!a) {
    a = new Arena(deps);
    arenas.set(deps, a);
  }
  return a;
}
