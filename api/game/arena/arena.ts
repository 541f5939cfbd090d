// The battles this process owns. One timer steps every room at 20 Hz (catching up if a tick came
// late, so a battle's clock is the wall clock while its owner runs it). A battle outlives its owner:
// the owner flushes the room's inputs to the store at least every LEASE.flushMs with its lease
// renewed (a checkpoint of the state every LEASE.checkpointTicks); when an owner dies its lease runs
// out and another instance (or the restarted one) takes the battle over — claimRoom bumps the
// lease's epoch, so the old owner can write nothing more — rebuilds it from the checkpoint and the
// log (the simulation is deterministic: the same battle, bit for bit) and goes on; the players'
// pages reconnect by themselves. The battle's clock pauses while nobody ticks it. A deploy drains
// (drain): no new battles here, each battle handed over at once or, when its round ends within the
// grace, played to its end. A room that throws is stopped alone. On Workers each battle is its own
// Durable Object (edge/worker.ts) running one room the same way, its log in the object's storage.
import type { Deps } from "../../deps.ts";
import { onLocalStop } from "../../domain/battle-rooms.ts";
import { Room, type RoomEnd, type RoomOwner } from "./room.ts";
import {
  ARENA,
  LEASE,
  arenaRules,
  claimRoom,
  failArenaBattle,
  finishArenaBattle,
  flushRoom,
  flushRooms,
  formBattles,
  heartbeat,
  orphanedRooms,
  recordStopped,
  releaseRoom,
  stopStuckArenaBattles,
  type ClaimedRoom,
  type FormedBattle,
  type Lease,
} from "../../domain/arena.ts";
import { TICK_HZ } from "../sim/types.ts";
import { restoreBattle, saveCheckpoint } from "./checkpoint.ts";

const TICK_MS = 1000 / TICK_HZ;
/** How often an instance looks for battles whose owner is gone (and, less often, for stuck ones). */
export const SWEEP_MS = 250;
const STUCK_SWEEP_MS = 5_000;

/**
 * Where a running battle's log goes. The store (libSQL) on Bun and Deno; a Durable Object's storage
 * on Workers (edge/worker.ts).
 */
export interface RoomJournal {
  /** Stores the inputs since the last flush; null when the lease is lost, else the battle's status. */
  flush(input: {
    battleId: number;
    lease: Lease;
    tick: number;
    inputs: RoomEnd["inputs"];
    checkpoint?: { tick: number; text: string };
    at: number;
  }): Promise<string | null>;
  /** Several rooms' flushes at once (one write for all), each answered as `flush`; absent: one by one. */
  flushAll?(inputs: Parameters<RoomJournal["flush"]>[0][]): Promise<(string | null)[]>;
  release(battleId: number, lease: Lease): Promise<boolean>;
  claim(battleId: number, owner: string, at: number): Promise<ClaimedRoom | null>;
  /**
   * False where the journal itself is the battle's only owner (a Durable Object's storage): the end is
   * then stored without the store's lease check (no lease is held in the store).
   */
  fenced?: boolean;
  /** The battle's end is stored: what the journal kept of it can go. */
  ended?(battleId: number): Promise<void>;
}

/** What the arena keeps of each room it owns. */
interface Owned {
  lease: Lease | null;
  /** The wall time of the battle's tick 0 (moved on by a takeover: the clock paused meanwhile). */
  started: number;
  flushedInputs: number;
  flushedTick: number;
  checkpointTick: number;
  lastFlush: number;
  flushing: Promise<void> | null;
  /** Being handed over: not ticked any more. */
  paused: boolean;
}

export class Arena implements RoomOwner {
  readonly rooms = new Map<number, Room>();
  /** This process's name as a lease holder: a restarted process is another owner. */
  readonly id = crypto.randomUUID();
  private owned = new Map<number, Owned>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private lastStuckSweep = 0;
  /** The last time a player asked for a battle: the timer keeps matching for a minute after. */
  private lastDemand = 0;
  /** Battle options' drainSeconds, read by the sweep (so a SIGTERM needs no query before it drains). */
  drainMs = ARENA.drainSeconds * 1000;
  /** Set by drain: this instance forms and takes over no battle any more. */
  draining = false;
  /** Tests step the rooms by hand (tickAll) instead of the timer. */
  manual = false;
  /** Off: no input log (bench/battle-durability.ts measures what the log costs). */
  durable = true;
  readonly journal: RoomJournal;

  constructor(
    private readonly deps: Deps,
    journal?: RoomJournal,
  ) {
    const db = deps.db;
    this.journal = journal ?? {
      flush: (input) => flushRoom(deps.client, input),
      flushAll: (inputs) => flushRooms(deps.client, inputs),
      release: (battleId, lease) => releaseRoom(db, battleId, lease),
      claim: (battleId, owner, at) => claimRoom(db, { battleId, owner, host: this.host, at }),
    };
  }

  /** This instance's address in the store: where players are sent back to their battle. */
  get host(): string {
    return this.deps.settings.instanceUrl ?? "";
  }

  /** Forms what the queue allows and starts the battles formed here (none while draining). */
  async match(now = this.deps.clock.now()): Promise<FormedBattle[]> {
    if (this.draining) return [];
    const formed = await formBattles(this.deps.db, {
      now,
      host: this.host,
      owner: this.deps.battleObjects ? undefined : this.id,
    });
    // On Workers a battle's Durable Object loads it from the store when its first player connects.
    if (!this.deps.battleObjects)
      for (const f of formed) {
        if (f.late) this.rooms.get(f.battleId)?.takeSeat(f.late.slot, f.late.seat);
        else this.open(f.battleId, f.setup, now, { owner: this.id, epoch: 1 });
      }
    return formed;
  }

  /** Starts running a battle here (lease: this instance's, when it is durable). */
  open(battleId: number, setup: FormedBattle["setup"], now = this.deps.clock.now(), lease: Lease | null = null): Room {
    const known = this.rooms.get(battleId);
    if (known) return known;
    const room = new Room(battleId, setup, this);
    this.adopt(room, { lease, started: now, tick: 0, inputs: 0, now });
    return room;
  }

  private adopt(room: Room, o: { lease: Lease | null; started: number; tick: number; inputs: number; now: number }) {
    this.rooms.set(room.battleId, room);
    // Rooms opened together do not all flush, nor all checkpoint, on the same tick.
    const spread = room.battleId * 7919;
    this.owned.set(room.battleId, {
      lease: o.lease,
      started: o.started,
      flushedInputs: o.inputs,
      flushedTick: o.tick,
      checkpointTick: o.tick - (spread % LEASE.checkpointTicks),
      lastFlush: o.now - (spread % LEASE.flushMs),
      flushing: null,
      paused: false,
    });
    if (!this.manual) this.run();
  }

  get(battleId: number): Room | undefined {
    return this.rooms.get(battleId);
  }

  /**
   * Takes over a battle whose owner is gone (its lease ran out, or was handed back): rebuilt from its
   * checkpoint and log, its clock going on from the tick the log reached. Null when it is not to be
   * taken (its owner is alive, it is over, or this instance drains).
   */
  async takeOver(battleId: number, now = this.deps.clock.now()): Promise<Room | null> {
    const known = this.rooms.get(battleId);
    if (known) return known;
    if (this.draining) return null;
    const claimed = await this.journal.claim(battleId, this.id, now);
    if (!claimed) return null;
    // Another call took it meanwhile (a socket and the sweep at once): one room.
    const raced = this.rooms.get(battleId);
    if (raced) return raced;
    let room: Room;
    try {
      const state = restoreBattle(claimed.setup, claimed);
      room = new Room(battleId, claimed.setup, this, { state, inputs: claimed.inputs });
    } catch (e) {
      // A log that does not replay is a broken room: stopped alone, with its reason.
      room = new Room(battleId, claimed.setup, this);
      this.adopt(room, { lease: claimed.lease, started: now, tick: 0, inputs: 0, now });
      this.deps.logger.error("arena: a battle could not be taken over and was stopped", {
        battleId,
        error: String(e),
      });
      room.fail(e);
      return null;
    }
    this.adopt(room, {
      lease: claimed.lease,
      started: now - claimed.tick * TICK_MS,
      tick: claimed.tick,
      inputs: claimed.inputs.length,
      now,
    });
    this.deps.logger.info("arena: battle taken over", { battleId, tick: claimed.tick, epoch: claimed.lease.epoch });
    return room;
  }

  /** An operator stopped the battle (the store already says so): it ends for its players at once. */
  stopped(room: Room, end: RoomEnd): Promise<void>;
  stopped(battleId: number): void;
  stopped(a: Room | number, end?: RoomEnd): Promise<void> | void {
    if (typeof a === "number") {
      this.rooms.get(a)?.stop();
      return;
    }
    const lease = this.leaseOf(a.battleId);
    this.forget(a.battleId, 10_000);
    return recordStopped(
      this.deps.db,
      a.battleId,
      end!.inputs,
      { winner: end!.winner, reason: end!.reason, tick: end!.tick },
      lease,
    ).then(() => this.journal.ended?.(a.battleId));
  }

  /** A room broke: it is stopped alone, its reason recorded (logged by tickAll, once for the room). */
  async failed(room: Room, end: RoomEnd, error: string) {
    try {
      await failArenaBattle(this.deps.db, {
        battleId: room.battleId,
        error,
        inputs: end.inputs,
        tick: end.tick,
        at: this.deps.clock.now(),
        lease: this.leaseOf(room.battleId),
      });
      await this.journal.ended?.(room.battleId);
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
        lease: this.leaseOf(room.battleId),
      });
      await this.journal.ended?.(room.battleId);
      this.deps.onOutbox?.();
      return r.players;
    } catch (e) {
      this.deps.logger.error("arena: a battle's end was not stored", { battleId: room.battleId, error: String(e) });
      return null;
    } finally {
      this.forget(room.battleId, 60_000);
    }
  }

  /** The lease an end is stored under (none where the journal is the only owner: a Durable Object). */
  private leaseOf(battleId: number): Lease | undefined {
    return this.journal.fenced === false ? undefined : (this.owned.get(battleId)?.lease ?? undefined);
  }

  /** Keeps an ended room a while (a reloading player still gets its end), then lets it go. */
  private forget(battleId: number, afterMs: number) {
    if (this.manual) return;
    setTimeout(() => {
      const room = this.rooms.get(battleId);
      if (room?.settled) {
        for (const s of room.seats) s.viewer.close(1000, "ended");
        this.drop(battleId);
      }
    }, afterMs);
  }

  private drop(battleId: number) {
    this.rooms.delete(battleId);
    this.owned.delete(battleId);
  }

  /** Steps every running room to where its clock says it should be (at most a second behind). */
  tickAll(now = this.deps.clock.now()) {
    const toFlush: [Room, Owned][] = [];
    for (const [id, room] of this.rooms) {
      const o = this.owned.get(id);
      if (room.state.ended || room.failure !== null || !o || o.paused) continue;
      const due = this.manual ? room.state.tick + 1 : Math.floor((now - o.started) / TICK_MS);
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
      // A battle more than a second behind its clock (the process stalled) does not race to catch up.
      if (!this.manual && due - room.state.tick > TICK_HZ) o.started = now - room.state.tick * TICK_MS;
      const every = this.durable && o.lease ? LEASE.flushMs : ARENA.heartbeatMs;
      if (now - o.lastFlush >= every && !o.flushing && !room.settled) toFlush.push([room, o]);
    }
    // The rooms whose flush is due, together (one write: journal.flushAll), else one by one.
    const leased = this.journal.flushAll ? toFlush.filter(([, o]) => o.lease) : [];
    if (leased.length > 1) {
      const all = this.flushMany(leased, now);
      for (const [, o] of leased) o.flushing = all.finally(() => (o.flushing = null));
    }
    for (const [room, o] of toFlush)
      if (!o.flushing) o.flushing = this.flush(room, o, now).finally(() => (o.flushing = null));
  }

  /** What a room's flush stores now (the inputs since the last one, now and then a checkpoint). */
  private flushOf(room: Room, o: Owned, lease: Lease, now: number) {
    const count = room.inputs.length;
    const tick = room.state.tick;
    const checkpoint =
      this.durable && !room.state.ended && tick - o.checkpointTick >= LEASE.checkpointTicks
        ? { tick, text: saveCheckpoint(room.state) }
        : undefined;
    return {
      count,
      tick,
      input: {
        battleId: room.battleId,
        lease,
        tick: this.durable ? tick : 0,
        inputs: this.durable ? room.inputs.slice(o.flushedInputs, count) : [],
        checkpoint,
        at: now,
      },
    };
  }

  /** A flush stored: what it covered is marked, a lost lease lets the room go, a stop reaches it. */
  private flushed(room: Room, o: Owned, f: ReturnType<Arena["flushOf"]>, status: string | null) {
    if (status === null) return this.lost(room);
    o.flushedInputs = f.count;
    o.flushedTick = f.tick;
    if (f.input.checkpoint) o.checkpointTick = f.input.checkpoint.tick;
    if (status === "stopped") room.stop();
  }

  /** Several leased rooms flushed in one write. */
  private async flushMany(rooms: [Room, Owned][], now: number): Promise<void> {
    const fs = rooms.map(([room, o]) => {
      o.lastFlush = now;
      return this.flushOf(room, o, o.lease!, now);
    });
    try {
      const statuses = await this.journal.flushAll!(fs.map((f) => f.input));
      for (let i = 0; i < rooms.length; i++) this.flushed(rooms[i][0], rooms[i][1], fs[i], statuses[i]);
    } catch (e) {
      this.deps.logger.warn("arena: the input logs were not flushed", {
        battleIds: rooms.map(([r]) => r.battleId),
        error: String(e),
      });
    }
  }

  /**
   * Stores what the room did since the last flush and renews the lease (the heartbeat). A stop made
   * elsewhere reaches the room so; a lease taken by another instance ends the room here (its players
   * are sent on to the new owner).
   */
  async flush(room: Room, o = this.owned.get(room.battleId), now = this.deps.clock.now()): Promise<void> {
    if (!o) return;
    o.lastFlush = now;
    if (!o.lease) return this.beat(room, now);
    const f = this.flushOf(room, o, o.lease, now);
    try {
      this.flushed(room, o, f, await this.journal.flush(f.input));
    } catch (e) {
      this.deps.logger.warn("arena: the input log was not flushed", { battleId: room.battleId, error: String(e) });
    }
  }

  /** A room without a lease (nothing to log) still says it is alive, and hears of a stop made elsewhere. */
  private async beat(room: Room, now: number) {
    try {
      if ((await heartbeat(this.deps.db, room.battleId, now)) === "stopped") room.stop();
    } catch (e) {
      this.deps.logger.warn("arena: heartbeat failed", { battleId: room.battleId, error: String(e) });
    }
  }

  /** Answers once no flush is in flight. */
  async idle(): Promise<void> {
    await Promise.all([...this.owned.values()].map((o) => o.flushing));
  }

  /** Another instance holds the battle now: this one lets it go, its players sent on. */
  private lost(room: Room) {
    if (room.settled) return;
    this.deps.logger.warn("arena: the lease of a battle was lost; it goes on elsewhere", { battleId: room.battleId });
    room.settled = true;
    room.moving(0);
    this.drop(room.battleId);
  }

  /** Hands a battle over (a drain): the log flushed, the lease given back, its players told to come back. */
  async handOver(room: Room): Promise<void> {
    const o = this.owned.get(room.battleId);
    if (!o?.lease) return room.stop();
    o.paused = true;
    await o.flushing;
    room.settled = true;
    await this.flush(room, o, this.deps.clock.now());
    if (!this.rooms.has(room.battleId)) return;
    await this.journal.release(room.battleId, o.lease);
    room.moving(0);
    this.drop(room.battleId);
  }

  /**
   * A deploy: no new battles here; each battle handed over (or, when its round ends within the
   * grace, played to its end), then the timers stop. Answers once every room is gone.
   */
  async drain(graceMs = this.drainMs): Promise<void> {
    this.draining = true;
    await Promise.all([...this.rooms.values()].map((r) => r.terminate(graceMs)));
    // The ends of the battles that finished here, being stored.
    await Promise.all([...this.rooms.values()].map((r) => r.stored));
    this.halt();
  }

  /**
   * Looks for battles whose owner is gone and takes them over; now and then closes battles that are
   * stuck past saving (running past the longest battle, or silent with nobody able to take them).
   */
  async sweep(now = this.deps.clock.now()): Promise<void> {
    if (this.draining) return;
    if (!this.deps.battleObjects)
      for (const battleId of await orphanedRooms(this.deps.db, now)) {
        if (this.rooms.has(battleId)) continue;
        try {
          await this.takeOver(battleId, now);
        } catch (e) {
          this.deps.logger.warn("arena: a takeover failed", { battleId, error: String(e) });
        }
      }
    if (now - this.lastStuckSweep >= STUCK_SWEEP_MS) {
      this.lastStuckSweep = now;
      this.drainMs = (await arenaRules(this.deps.db)).drainSeconds * 1000;
      const closed = await stopStuckArenaBattles(this.deps.db, now);
      if (closed.length) this.deps.logger.warn("arena: stuck battles closed", { battleIds: closed });
      for (const id of closed) this.rooms.get(id)?.stop();
    }
  }

  /** A player joined or polls the queue: match at least once a second from now on. */
  wake(now = this.deps.clock.now()) {
    this.lastDemand = now;
    // A Worker's isolate keeps no timers: there the waiting players' polls form the battles.
    if (!this.manual && !this.deps.battleObjects) this.run();
  }

  /** Starts the sweep (a server process calls it at boot: battles left by a dead owner are taken over at once). */
  start() {
    if (this.sweeper || this.manual) return;
    let sweeping = false;
    const tick = () => {
      if (sweeping) return;
      sweeping = true;
      this.sweep()
        .catch((e) => this.deps.logger.warn("arena: sweep failed", { error: String(e) }))
        .finally(() => (sweeping = false));
    };
    this.sweeper = setInterval(tick, SWEEP_MS);
    tick();
  }

  private run() {
    if (this.timer) return;
    let matching = false;
    let last = 0;
    this.timer = setInterval(() => {
      const now = this.deps.clock.now();
      this.tickAll(now);
      // Once a second, the queue: a player waiting out the longest wait gets their battle even if nobody polls.
      if (now - last >= 1000 && !matching && !this.draining) {
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
    if (this.draining && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }
}

const arenas = new WeakMap<Deps, Arena>();

/** The arena of an app's deps (one per process on Bun and Deno). */
export function arenaOf(deps: Deps): Arena {
  let a = arenas.get(deps);
  if (!a) {
    const arena = new Arena(deps);
    arenas.set(deps, arena);
    onLocalStop(deps, (battleId) => arena.stopped(battleId));
    a = arena;
  }
  return a;
}
