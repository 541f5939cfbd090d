// One running battle and the people connected to it. The room owns the simulation: it takes each
// driver's input (only for the tank that connection drives), records it with its tick, steps the
// battle when the arena says so, and sends everyone a snapshot every other tick (10 a second). At
// the end it hands the result to the store (finishArenaBattle) and tells each player what they earned.
import { createBattle, sanitizeInput, setInput, step, stopBattle } from "../sim/sim.ts";
import { inputOf, recordOf, stopRecord, type InputRecord } from "../sim/replay.ts";
import { decodeInput, encodeSnapshot } from "../sim/wire.ts";
import { TICK_HZ, type BattleSetup, type BattleState, type GameEvent } from "../sim/types.ts";
import type { PlayerOutcome } from "../../domain/battles.ts";

/** A connection as the room sees it: something to send text or bytes to. */
export interface Viewer {
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

export interface Seat {
  viewer: Viewer;
  /** The tank this connection drives; null for a spectator (an operator, a player whose tank is dead still drives nothing). */
  slot: number | null;
  playerId: number | null;
  /** Inputs taken this tick: more than a few are dropped (a client sends on change, at most 20 a second). */
  recent: number;
  /** The last input seq taken from this connection (binary INPUT frames, wire.ts); 0 before any. */
  seq: number;
  /** The newest snapshot tick the client says it has. */
  ack: number;
}

export const SNAPSHOT_EVERY = 2;
const MAX_INPUTS_PER_TICK = 3;

export interface RoomEnd {
  winner: 0 | 1 | -1;
  reason: string;
  tick: number;
  inputs: InputRecord[];
}

/** What the room needs from its owner: how to settle the end (the store), and the time. */
export interface RoomOwner {
  finish(room: Room, end: RoomEnd): Promise<PlayerOutcome[] | null>;
  stopped(room: Room, end: RoomEnd): Promise<void>;
}

export class Room {
  readonly state: BattleState;
  readonly inputs: InputRecord[] = [];
  readonly seats = new Set<Seat>();
  private events: GameEvent[] = [];
  /** Set once the end was handed over (finish or stop): the room then only says goodbye. */
  settled = false;
  outcomes: PlayerOutcome[] | null = null;
  bytesSent = 0;

  constructor(
    readonly battleId: number,
    readonly setup: BattleSetup,
    private readonly owner: RoomOwner,
  ) {
    this.state = createBattle(setup);
  }

  /** The slot a player drives in this battle, or null when they have no tank in it. */
  slotOf(playerId: number): number | null {
    const i = this.setup.seats.findIndex((s) => s.playerId === playerId);
    return i < 0 ? null : i;
  }

  /** Connects a player (to their own tank) or a spectator (playerId null); sends them the battle's roster. */
  join(viewer: Viewer, playerId: number | null): Seat {
    const seat: Seat = {
      viewer,
      slot: playerId === null ? null : this.slotOf(playerId),
      playerId,
      recent: 0,
      seq: 0,
      ack: 0,
    };
    this.seats.add(seat);
    this.sendTo(seat, JSON.stringify(this.hello(seat)));
    this.sendTo(seat, encodeSnapshot(this.state, []));
    if (this.state.ended && this.settled) this.sendTo(seat, JSON.stringify(this.endMessage(seat)));
    return seat;
  }

  leave(seat: Seat) {
    this.seats.delete(seat);
  }

  hello(seat: Seat) {
    return {
      type: "hello",
      battleId: this.battleId,
      you: seat.slot,
      map: this.state.map.name,
      roundSeconds: this.setup.roundSeconds,
      tickHz: TICK_HZ,
      snapshotEvery: SNAPSHOT_EVERY,
      tick: this.state.tick,
      seats: this.state.tanks.map((t) => ({
        slot: t.slot,
        team: t.team,
        name: t.name,
        bot: t.bot !== null,
        tank: {
          id: t.spec.tankId,
          name: t.spec.name,
          tier: t.spec.tier,
          type: t.spec.type,
          hp: t.spec.hp,
          reloadTicks: t.reloadTicks,
        },
      })),
    };
  }

  /**
   * A message from a connection: an input for the tank it drives, nothing else. Whatever tank,
   * position or reload it claims is not read; a spectator's input is ignored.
   */
  message(seat: Seat, data: string | Uint8Array | ArrayBuffer) {
    if (seat.slot === null || (typeof data === "string" ? data.length : data.byteLength) > 200 || this.state.ended)
      return;
    if (++seat.recent > MAX_INPUTS_PER_TICK) return;
    let raw: unknown;
    if (typeof data !== "string") {
      // A binary INPUT (wire.ts): the seq is kept (an older one than the last is stale and dropped).
      const m = decodeInput(data);
      if (!m || m.seq <= seat.seq) return;
      seat.seq = m.seq;
      seat.ack = Math.max(seat.ack, Math.min(m.ack, this.state.tick));
      raw = { t: m.throttle, r: m.turn, a: m.aim / 1000, f: m.fire };
    } else {
      try {
        raw = JSON.parse(data);
      } catch {
        return;
      }
    }
    const tank = this.state.tanks[seat.slot];
    const input = sanitizeInput(raw, tank.input);
    if (!input) return;
    const rec = recordOf(this.state.tick, seat.slot, input);
    if (setInput(this.state, seat.slot, inputOf(rec))) this.inputs.push(rec);
  }

  /** One step of the battle; every other one a snapshot to everyone. Answers false once the battle is over. */
  tick(): boolean {
    if (this.state.ended) return false;
    step(this.state);
    for (const e of this.state.events) this.events.push(e);
    for (const s of this.seats) s.recent = 0;
    if (this.state.tick % SNAPSHOT_EVERY === 0 || this.state.ended) this.broadcastSnapshot();
    if (this.state.ended) void this.settle();
    return !this.state.ended;
  }

  private broadcastSnapshot() {
    if (!this.seats.size) {
      this.events = [];
      return;
    }
    const bytes = encodeSnapshot(this.state, this.events);
    this.events = [];
    for (const s of this.seats) this.sendTo(s, bytes);
  }

  /** An operator's stop (here or, through the store, elsewhere): the battle ends at once, nobody is paid. */
  stop() {
    if (this.state.ended) return;
    this.inputs.push(stopRecord(this.state.tick));
    stopBattle(this.state);
    this.broadcastSnapshot();
    void this.settle();
  }

  private async settle() {
    if (this.settled) return;
    this.settled = true;
    const end: RoomEnd = { ...this.state.ended!, inputs: this.inputs };
    try {
      if (end.reason === "stopped") await this.owner.stopped(this, end);
      else this.outcomes = await this.owner.finish(this, end);
    } finally {
      for (const s of this.seats) this.sendTo(s, JSON.stringify(this.endMessage(s)));
    }
  }

  endMessage(seat: Seat) {
    const end = this.state.ended!;
    const mine = seat.playerId === null ? null : (this.outcomes?.find((o) => o.playerId === seat.playerId) ?? null);
    const team = seat.slot === null ? null : this.state.tanks[seat.slot].team;
    return { type: "end", winner: end.winner, reason: end.reason, tick: end.tick, team, outcome: mine };
  }

  private sendTo(seat: Seat, data: string | Uint8Array<ArrayBuffer>) {
    try {
      seat.viewer.send(data);
      this.bytesSent += typeof data === "string" ? data.length : data.byteLength;
    } catch {
      this.seats.delete(seat);
    }
  }

  /** Each player's figures for the store. */
  stats() {
    const base = this.state.map.base;
    return this.state.tanks
      .filter((t) => t.playerId !== null)
      .map((t) => ({
        playerId: t.playerId!,
        team: t.team,
        tier: t.spec.tier,
        damage: t.damage,
        kills: t.kills,
        // Capture points: a survivor standing on the base at the end shares its team's points.
        capture:
          t.alive && Math.hypot(t.x - base.x, t.y - base.y) <= base.r ? Math.round(this.state.capture[t.team]) : 0,
      }));
  }
}
