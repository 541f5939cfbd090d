// One running battle and the people connected to it. The room owns the simulation: it takes each
// driver's input (only for the tank that connection drives), records it with its tick, steps the
// battle when the arena says so, and sends each connection its own view every tick (20 a second:
// only what its team sees, coded against what it acknowledged; api/game/sim/netlink.ts). At the
// end it hands the result to the store (finishArenaBattle) and tells each player what they earned.
import {
  applyKit,
  isIdle,
  createBattle,
  digest,
  takeOver,
  sanitizeInput,
  setInput,
  step,
  stopBattle,
} from "../sim/sim.ts";
import { inputOf, kitRecord, recordOf, stopRecord, takeRecord, type InputRecord } from "../sim/replay.ts";
import { encodePing, frameOf, OP, type Frame } from "../sim/wire.ts";
import { allowedLag, NetLink } from "../sim/netlink.ts";
import { spottedBy } from "../sim/spotting.ts";
import { TICK_HZ, type BattleSetup, type BattleState, type GameEvent, type LateSeat } from "../sim/types.ts";
import type { PlayerOutcome } from "../../domain/battles.ts";
import {
  dispatchClient,
  type EndMessage,
  type HelloMessage,
  type JoinRefusal,
  type RoomLifecycle,
  type ServerMessage,
  type Viewer,
} from "./contract.ts";

export type { Viewer } from "./contract.ts";

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
  /** The id of the last PING this connection answered. */
  pong: number;
  /** Its netcode: numbered inputs one a tick, the round trip, its view's coder. */
  link: NetLink;
}

export const SNAPSHOT_EVERY = 1;
const MAX_INPUTS_PER_TICK = 3;
/** Numbered inputs a connection may send in one tick (a client catching up after a stall sends a few). */
const MAX_SEQ_INPUTS_PER_TICK = 12;
/** Ticks between PINGs. */
const PING_EVERY = 20;

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
  /** A deploy drains the owner: the battle is handed to another (log flushed, lease given back, players moved). */
  handOver?(room: Room): Promise<void>;
  /** The room broke (its simulation threw): stopped alone, with the error as its reason (else as a stop). */
  failed?(room: Room, end: RoomEnd, error: string): Promise<void>;
}

export class Room implements RoomLifecycle<Seat> {
  readonly state: BattleState;
  readonly inputs: InputRecord[] = [];
  readonly seats = new Set<Seat>();
  private events: GameEvent[] = [];
  /** Set once the end was handed over (finish or stop): the room then only says goodbye. */
  settled = false;
  outcomes: PlayerOutcome[] | null = null;
  /** The end being handed to the store (settle): resolved once it is stored and the players told. */
  stored: Promise<void> | null = null;
  /** Why the room broke (its simulation threw), once it did: it ticks no more and ends as "failed". */
  failure: string | null = null;
  bytesSent = 0;
  private frame: Frame | null = null;
  private seen: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];
  /** The time for round trips (ms); tests set their own. */
  now: () => number = () => performance.now();

  constructor(
    readonly battleId: number,
    readonly setup: BattleSetup,
    private readonly owner: RoomOwner,
    /** A battle taken over: its state rebuilt from the log (checkpoint.ts restoreBattle) and the inputs logged. */
    restored?: { state: BattleState; inputs: InputRecord[] },
  ) {
    this.state = restored?.state ?? createBattle(setup);
    if (restored) for (const r of restored.inputs) this.inputs.push(r);
    // A battle whose log already holds its end (its owner died before storing it) ends here.
    if (this.state.ended) queueMicrotask(() => void this.settle());
  }

  /** The slot a player drives in this battle, or null when they have no tank in it. */
  slotOf(playerId: number): number | null {
    const i = this.setup.seats.findIndex((s) => s.playerId === playerId || s.late?.playerId === playerId);
    return i < 0 ? null : i;
  }

  /**
   * A late player takes the bot's seat of `slot` (matchmaking stored `seat` as the setup's `late`):
   * the tank is handed over now, the log records the tick, and everyone gets the new roster.
   */
  takeSeat(slot: number, seat: LateSeat): boolean {
    const s = this.setup.seats[slot];
    if (!s) return false;
    s.late = seat;
    if (!takeOver(this.state, slot)) return false;
    this.inputs.push(takeRecord(this.state.tick, slot));
    for (const v of this.seats) {
      if (v.playerId === seat.playerId) v.slot = slot;
      this.say(v, this.hello(v));
    }
    return true;
  }

  joinAttempt(playerId: number | null): JoinRefusal | null {
    if (playerId !== null && this.slotOf(playerId) === null) return "notYourBattle";
    return null;
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
      pong: 0,
      link: new NetLink(),
    };
    this.seats.add(seat);
    this.say(seat, this.hello(seat));
    this.sendView(seat, frameOf(this.state), [], this.seenOf(seat));
    if (this.state.ended && this.settled) this.say(seat, this.endMessage(seat));
    return seat;
  }

  /** A player's socket closed: their tank keeps its last input until they are back. */
  drop(seat: Seat) {
    this.seats.delete(seat);
  }

  /** The player again on a new connection: any old one of theirs still open is let go. */
  reconnect(viewer: Viewer, playerId: number): Seat {
    for (const s of this.seats) if (s.playerId === playerId) this.seats.delete(s);
    return this.join(viewer, playerId);
  }

  leave(seat: Seat) {
    this.seats.delete(seat);
  }

  /**
   * The owner goes away (a deploy): a battle whose round ends within `graceMs` plays on to its end
   * (its owner keeps ticking it); any other is handed over at once — its log flushed, its lease given
   * back, its players told to come back (`moving`), so another owner goes on with it. An owner that
   * cannot hand over stops it when the grace is out.
   */
  async terminate(graceMs: number): Promise<void> {
    const leftMs = ((this.setup.roundSeconds * TICK_HZ - this.state.tick) * 1000) / TICK_HZ;
    if (leftMs <= graceMs) {
      const until = Date.now() + graceMs;
      while (!this.settled && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    }
    if (this.settled) return;
    if (this.owner.handOver) await this.owner.handOver(this);
    else this.stop();
  }

  /** The battle goes on elsewhere: each connection is told where to come back, and closed. */
  moving(retryMs: number, url?: string) {
    for (const s of this.seats) {
      this.say(s, { type: "moving", retryMs, ...(url ? { url } : {}) });
      try {
        s.viewer.close(1012, "moving");
      } catch {
        // already gone
      }
    }
    this.seats.clear();
  }

  hello(seat: Seat): HelloMessage {
    return {
      type: "hello",
      battleId: this.battleId,
      you: seat.slot,
      map: this.state.map.name,
      /** The map as it is played (an operator's map is not in the client's built-ins). */
      mapDef: this.state.map,
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
          nation: t.spec.nation,
          hp: t.maxHp,
          reloadTicks: t.reloadTicks,
        },
        sight: t.sight,
      })),
      own: this.ownFigures(seat.slot),
    };
  }

  private ownFigures(slot: number | null) {
    const t = slot === null ? null : this.state.tanks[slot];
    return t
      ? { maxSpeed: t.maxSpeed, hullRate: t.hullRate, turretRate: t.turretRate, reloadTicks: t.reloadTicks }
      : null;
  }

  /**
   * A message from a connection: an input for the tank it drives, nothing else. Whatever tank,
   * position or reload it claims is not read; a spectator's input is ignored.
   */
  message(seat: Seat, data: string | ArrayBuffer | Uint8Array) {
    dispatchClient(data, {
      input: (body) => {
        if (seat.slot === null || this.state.ended) return;
        if (body.seq !== undefined) {
          // Numbered inputs (wire.ts): queued and taken one a tick in seq order (netlink.ts).
          if (++seat.recent > MAX_SEQ_INPUTS_PER_TICK) return;
          if (body.ack) seat.link.coder.ack(Math.min(body.ack, this.state.tick));
          seat.ack = seat.link.coder.acked;
          const t = body.t ?? 0,
            r = body.r ?? 0;
          seat.link.intake.offer({
            seq: body.seq,
            throttle: t > 0 ? 1 : t < 0 ? -1 : 0,
            turn: r > 0 ? 1 : r < 0 ? -1 : 0,
            aim: Math.round((body.a ?? 0) * 1000),
            fire: body.f === true || body.f === 1,
            ack: body.ack ?? 0,
            view: body.view ?? 0,
          });
          seat.seq = Math.max(seat.seq, body.seq);
          return;
        }
        if (++seat.recent > MAX_INPUTS_PER_TICK) return;
        const input = sanitizeInput(body, this.state.tanks[seat.slot].input);
        if (!input) return;
        const rec = recordOf(this.state.tick, seat.slot, input);
        if (setInput(this.state, seat.slot, inputOf(rec))) this.inputs.push(rec);
      },
      kit: (body) => {
        if (seat.slot === null || this.state.ended) return;
        if (applyKit(this.state, seat.slot, body.kind)) {
          this.inputs.push(kitRecord(this.state.tick, seat.slot, body.kind));
          for (const e of this.state.events) this.events.push(e);
        }
      },
      pong: (body) => {
        seat.pong = body.id;
        seat.link.pong(body.id, this.now());
      },
    });
  }

  /** Each driver's numbered input for the coming tick (netlink.ts), with the lag its shot may be judged at. */
  private takeInputs() {
    const fires = this.state.tick + 1;
    for (const seat of this.seats) {
      if (seat.slot === null) continue;
      const tank = this.state.tanks[seat.slot];
      if (!tank.alive) continue;
      const still = tank.v === 0 && tank.input.throttle === 0 && tank.input.turn === 0;
      const taken = seat.link.intake.take(still);
      if (!taken) continue;
      const { input, view } = taken;
      const lag = input.fire ? allowedLag(fires, view, seat.link.rtt) : 0;
      const next = { ...input, lag };
      const was = tank.input;
      if (
        was.throttle === next.throttle &&
        was.turn === next.turn &&
        was.aim === next.aim &&
        was.fire === next.fire &&
        (was.lag ?? 0) === lag
      )
        continue;
      const rec = recordOf(this.state.tick, seat.slot, next);
      if (setInput(this.state, seat.slot, inputOf(rec))) this.inputs.push(rec);
    }
  }

  /** One step of the battle; every other one a snapshot to everyone. Answers false once the battle is over. */
  tick(): boolean {
    if (this.state.ended) return false;
    this.takeInputs();
    step(this.state);
    for (const e of this.state.events) this.events.push(e);
    for (const s of this.seats) s.recent = 0;
    if (this.state.tick % PING_EVERY === 0) {
      const now = this.now();
      for (const s of this.seats) {
        const id = s.link.ping(now);
        if (id !== null) this.sendTo(s, encodePing(OP.PING, id));
      }
    }
    if (this.state.tick % SNAPSHOT_EVERY === 0 || this.state.ended) this.broadcastSnapshot();
    if (this.state.ended) void this.settle();
    return !this.state.ended;
  }

  private broadcastSnapshot() {
    if (!this.seats.size) {
      this.events = [];
      return;
    }
    const frame = (this.frame = frameOf(this.state, this.frame ?? undefined));
    // What each team sees, once a tick (spotting.ts); spectators see everything.
    this.seen[0] = spottedBy(this.state, 0, this.seen[0]);
    this.seen[1] = spottedBy(this.state, 1, this.seen[1]);
    const events = this.events;
    this.events = [];
    for (const s of this.seats) this.sendView(s, frame, events, this.seenOf(s));
  }

  private seenOf(seat: Seat): Uint8Array | null {
    if (seat.slot === null) return null;
    const team = this.state.tanks[seat.slot].team;
    if (this.seen[team].length !== this.state.tanks.length) this.seen[team] = spottedBy(this.state, team);
    return this.seen[team];
  }

  private sendView(seat: Seat, frame: Frame, events: GameEvent[], seen: Uint8Array | null) {
    this.sendTo(seat, seat.link.view(frame, seen, this.state, seat.slot, events));
  }

  /** An operator's stop (here or, through the store, elsewhere): the battle ends at once, nobody is paid. */
  stop() {
    if (this.state.ended) return;
    this.inputs.push(stopRecord(this.state.tick));
    stopBattle(this.state);
    this.broadcastSnapshot();
    void this.settle();
  }

  /**
   * The room broke: its battle ends at once as "failed" (no snapshot: its state cannot be trusted),
   * the owner records why, and its players are told.
   */
  fail(error: unknown) {
    if (this.failure !== null) return;
    this.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (!this.state.ended) {
      this.inputs.push(stopRecord(this.state.tick));
      stopBattle(this.state);
    }
    void this.settle();
  }

  private settle(): Promise<void> {
    if (this.settled) return this.stored ?? Promise.resolve();
    this.settled = true;
    this.stored = this.store();
    return this.stored;
  }

  private async store() {
    const ended = this.state.ended ?? { winner: -1 as const, reason: "stopped", tick: this.state.tick };
    const end: RoomEnd = { ...ended, inputs: this.inputs };
    try {
      if (this.failure !== null)
        await (this.owner.failed?.(this, { ...end, reason: "failed" }, this.failure) ?? this.owner.stopped(this, end));
      else if (end.reason === "stopped") await this.owner.stopped(this, end);
      else this.outcomes = await this.owner.finish(this, end);
    } finally {
      for (const s of this.seats) this.say(s, this.endMessage(s));
    }
  }

  endMessage(seat: Seat): EndMessage {
    const end = this.state.ended ?? { winner: -1 as const, reason: "stopped", tick: this.state.tick };
    const mine = seat.playerId === null ? null : (this.outcomes?.find((o) => o.playerId === seat.playerId) ?? null);
    const team = seat.slot === null ? null : this.setup.seats[seat.slot].team;
    const reason = this.failure !== null ? "failed" : end.reason;
    const final = this.failure === null ? { digest: digest(this.state) } : {};
    return { type: "end", winner: end.winner, reason, tick: end.tick, team, outcome: mine, ...final };
  }

  private say(seat: Seat, message: ServerMessage) {
    this.sendTo(seat, JSON.stringify(message));
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
    // A late comer whose bot fell before the handover is still in the battle's roster: a result of nothing.
    const missed = this.setup.seats.flatMap((s, i) =>
      s.late && this.state.tanks[i].playerId === null
        ? [
            {
              playerId: s.late.playerId,
              team: s.team,
              tier: s.late.tank.tier,
              damage: 0,
              kills: 0,
              capture: 0,
              idle: true,
            },
          ]
        : [],
    );
    return [
      ...this.state.tanks
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
          idle: isIdle(t),
          kitUsed: t.kit.flatMap((k) => {
            const seat = this.setup.seats[t.slot];
            const itemId = (seat.late?.kit ?? seat.kit)?.find((i) => i.kind === k.kind)?.itemId;
            return itemId !== undefined && k.used > 0 ? [{ itemId, count: k.used }] : [];
          }),
        })),
      ...missed,
    ];
  }
}
