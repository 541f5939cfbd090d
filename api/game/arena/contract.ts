// The room contract: what a battle room does through its life, and the messages its connections
// exchange. A room is created from its setup (or taken over from its log), answers a join attempt,
// joins a connection, notices a drop (the socket went away, the player may come back), takes a
// reconnect, lets a player leave for good, ticks, and terminates within a grace time (a deploy
// drains it). As Colyseus' Room and Nakama's match handler, with typed messages both ways.
//
// Client → server messages have an opcode and a zod schema each (`clientMessages`). They come as
// binary frames — byte 0 the opcode, coded by api/game/sim/wire.ts (netcode's INPUT, PONG) — or as
// JSON text `{"op": <opcode>, …}` with the same fields. `dispatchClient` decodes a frame once, checks
// it against its kind's schema and hands it to that kind's handler; a frame of an unknown opcode,
// malformed or refused by its schema reaches no handler. A room must handle every kind
// (`ClientHandlers` is total), so a message added here with its opcode and schema makes tsc name
// every room that does not handle it yet. Server → client: binary frames are wire.ts's (SNAPSHOT,
// VIEW, PING); text frames are JSON `{"type": …}` described by `serverMessages` below.
import { z } from "zod";
import { OP, decodeInput, decodePing } from "../sim/wire.ts";
import { KIT_KINDS } from "../sim/types.ts";

/** The largest message a connection may send; a longer one is dropped unread. */
export const MAX_CLIENT_MESSAGE = 512;

const step = z.number().finite();
const fireFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]);
const u32 = z.number().int().min(0).max(0xffffffff);

/**
 * Every client → server message: its opcode, its schema (the fields without `op`), and how its
 * binary frame reads as those fields. Opcodes are wire.ts's OP and are never reused.
 */
export const clientMessages = {
  /**
   * The driver's controls from the next tick on: throttle and turn (their sign, -1..1), the turret's
   * world angle in radians, the trigger. A missing field keeps what was asked before. `seq` numbers
   * the driver's inputs (an older one than the last taken is stale); `ack` is the newest snapshot tick
   * the client holds, `view` the tick ×100 its view of the others was drawn at (wire.ts InputMessage).
   */
  input: {
    op: OP.INPUT,
    schema: z.object({
      t: step.optional(),
      r: step.optional(),
      a: z.number().finite().gt(-100).lt(100).optional(),
      f: fireFlag.optional(),
      seq: u32.optional(),
      ack: u32.optional(),
      view: u32.optional(),
    }),
    binary: (bytes: Uint8Array) => {
      const m = decodeInput(bytes);
      return m && { t: m.throttle, r: m.turn, a: m.aim / 1000, f: m.fire, seq: m.seq, ack: m.ack, view: m.view };
    },
  },
  /**
   * A consumable used by the driver (repair kit, first-aid kit, extinguisher): one charge, when the
   * tank has one left, it is not cooling down and there is something for it to do (sim.ts applyKit).
   * Binary: [KIT, 1 + its index in KIT_KINDS].
   */
  kit: {
    op: OP.KIT,
    schema: z.object({ kind: z.enum(KIT_KINDS) }),
    binary: (bytes: Uint8Array) =>
      bytes.byteLength === 2 && KIT_KINDS[bytes[1] - 1] ? { kind: KIT_KINDS[bytes[1] - 1] } : null,
  },
  /** The answer to the server's PING (wire.ts): its id. */
  pong: {
    op: OP.PONG,
    schema: z.object({ id: u32 }),
    binary: (bytes: Uint8Array) => {
      const id = decodePing(bytes, OP.PONG);
      return id === null ? null : { id };
    },
  },
} as const;

export type ClientKind = keyof typeof clientMessages;
export type ClientBody<K extends ClientKind> = z.output<(typeof clientMessages)[K]["schema"]>;
export type ClientMessage = { [K in ClientKind]: { kind: K; body: ClientBody<K> } }[ClientKind];
export type ClientHandlers = { [K in ClientKind]: (body: ClientBody<K>) => void };

const byOp = new Map<number, ClientKind>(Object.entries(clientMessages).map(([kind, m]) => [m.op, kind as ClientKind]));

/**
 * One client frame decoded: its kind and its validated body, or null (too long, not JSON, not an
 * object, an unknown opcode, a body its schema refuses). A text message without `op` is an input,
 * as the first clients sent them (`{t, r, a, f}`), so a page loaded before a deploy still drives.
 */
export function decodeClient(data: string | ArrayBuffer | Uint8Array): ClientMessage | null {
  let kind: ClientKind | undefined;
  let fields: unknown;
  if (typeof data === "string") {
    if (data.length > MAX_CLIENT_MESSAGE) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return null;
    }
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
    const { op, ...rest } = raw as Record<string, unknown>;
    kind = op === undefined ? "input" : typeof op === "number" ? byOp.get(op) : undefined;
    fields = rest;
  } else {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    if (!bytes.byteLength || bytes.byteLength > MAX_CLIENT_MESSAGE) return null;
    kind = byOp.get(bytes[0]);
    fields = kind ? clientMessages[kind].binary(bytes) : null;
    // A binary frame's decoder reads a fixed layout and refuses any field out of its range, so what
    // it answers is already what the schema would pass (netcode.test.ts checks it on random frames);
    // a room reads 280 inputs a second and the schema's parse was ~12 µs of each (bench/battle.ts).
    if (kind && fields) return { kind, body: fields } as ClientMessage;
  }
  if (!kind || !fields) return null;
  const parsed = clientMessages[kind].schema.safeParse(fields);
  return parsed.success ? ({ kind, body: parsed.data } as ClientMessage) : null;
}

/** Decodes a client frame and calls the handler of its kind; answers whether one was called. */
export function dispatchClient(data: string | ArrayBuffer | Uint8Array, handlers: ClientHandlers): boolean {
  const m = decodeClient(data);
  if (!m) return false;
  (handlers[m.kind] as (body: unknown) => void)(m.body);
  return true;
}

/** A client message as JSON text, with its opcode (the binary form is wire.ts's encoder). */
export function encodeClient<K extends ClientKind>(kind: K, body: z.input<(typeof clientMessages)[K]["schema"]>) {
  return JSON.stringify({ op: clientMessages[kind].op, ...body });
}

const tankSeat = z.object({
  slot: z.number().int(),
  team: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  bot: z.boolean(),
  tank: z.object({
    id: z.number().int(),
    name: z.string(),
    tier: z.number().int(),
    type: z.string(),
    nation: z.string().optional(),
    hp: z.number(),
    reloadTicks: z.number(),
  }),
  /** How far the tank sees, metres (spotting.ts): the camera shows at least the farthest sight. */
  sight: z.number().optional(),
});

const area = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
const spot = z.object({ x: z.number(), y: z.number() });
/** The map as played (maps.ts MapDef): an operator's own map is not among the client's built-in ones. */
const mapDef = z.object({
  name: z.string(),
  width: z.number(),
  height: z.number(),
  obstacles: z.array(area.extend({ kind: z.enum(["rock", "house", "wall", "trees"]) })),
  bushes: z.array(area),
  base: z.object({ x: z.number(), y: z.number(), r: z.number() }),
  spawns: z.tuple([z.array(spot), z.array(spot)]),
});

const outcome = z.object({
  playerId: z.number().int(),
  result: z.enum(["win", "loss", "draw"]),
  experience: z.number(),
  silver: z.number(),
  silverSpent: z.number(),
  kills: z.number(),
  damage: z.number(),
  durationS: z.number(),
  ratingDelta: z.number(),
  level: z.number(),
  levelBefore: z.number().optional(),
  premiumExperience: z.number().optional(),
  premiumSilver: z.number().optional(),
  afk: z.boolean().optional(),
});

/** Every server → client text message, by its `type`. */
export const serverMessages = {
  /** The battle's roster, first on every (re)connection; then a snapshot of the battle as it stands. */
  hello: z.object({
    type: z.literal("hello"),
    battleId: z.number().int(),
    you: z.number().int().nullable(),
    map: z.string(),
    mapDef: mapDef.optional(),
    roundSeconds: z.number(),
    tickHz: z.number(),
    snapshotEvery: z.number(),
    tick: z.number().int(),
    seats: z.array(tankSeat),
    /** The driver's own tank's figures, for prediction (wire.ts OwnFigures); absent for a spectator. */
    own: z
      .object({ maxSpeed: z.number(), hullRate: z.number(), turretRate: z.number(), reloadTicks: z.number() })
      .nullable()
      .optional(),
  }),
  /**
   * The battle is over for this connection: its winner and reason (destroyed, captured, time,
   * stopped by an operator, or failed: the room broke and was stopped alone), and the player's
   * outcome when they had a tank in it.
   */
  end: z.object({
    type: z.literal("end"),
    winner: z.union([z.literal(0), z.literal(1), z.literal(-1)]),
    reason: z.string(),
    tick: z.number().int(),
    team: z.union([z.literal(0), z.literal(1)]).nullable(),
    outcome: outcome.nullable(),
    /** The final state's digest (sim.ts digest): a replay of the stored record must come to the same. */
    digest: z.string().optional(),
  }),
  /**
   * The connection closes but the battle goes on elsewhere (this instance drains for a deploy, or
   * the battle moved): connect again after `retryMs`, to `url` when given (the owner's address).
   */
  moving: z.object({ type: z.literal("moving"), retryMs: z.number().int().min(0), url: z.string().optional() }),
} as const;

export type ServerKind = keyof typeof serverMessages;
export type ServerMessage = { [K in ServerKind]: z.output<(typeof serverMessages)[K]> }[ServerKind];
export type HelloMessage = z.output<typeof serverMessages.hello>;
export type EndMessage = z.output<typeof serverMessages.end>;

/** A server text frame decoded (the page reads every text frame through it); null if it is none of them. */
export function decodeServer(text: string): ServerMessage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !(type in serverMessages)) return null;
  const parsed = serverMessages[type as ServerKind].safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A connection as a room sees it: something to send text or bytes to, and to close. */
export interface Viewer {
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

/** Why a join attempt is refused: no tank of the player's in this battle, or the battle is over. */
export type JoinRefusal = "notYourBattle" | "ended";

/**
 * A battle room's lifecycle. `S` is the room's handle of one connection (its seat).
 * create: a room is built from its setup by its owner (Arena.open), or rebuilt from its log when
 * another owner takes it over (Arena.takeOver); both run the same code, so a taken-over battle is
 * the battle it was.
 */
export interface RoomLifecycle<S> {
  /** May this player (null: an operator watching) connect? Null when they may. */
  joinAttempt(playerId: number | null): JoinRefusal | null;
  /** A connection joins: it gets the roster, a snapshot now, and the end if there is one. */
  join(viewer: Viewer, playerId: number | null): S;
  /** A message from a connection, decoded by `dispatchClient`. */
  message(seat: S, data: string | ArrayBuffer | Uint8Array): void;
  /** The connection went away without leaving (its socket closed): the tank keeps its last input. */
  drop(seat: S): void;
  /** The same player again on a new connection (after a drop, a reload or a takeover). */
  reconnect(viewer: Viewer, playerId: number): S;
  /** The player leaves for good (nothing more is sent to that connection). */
  leave(seat: S): void;
  /** One step of the battle; false once it is over. */
  tick(): boolean;
  /**
   * The owner goes away (a deploy drains it): within `graceMs` the room hands itself over — its
   * log flushed, its connections told to come back (`moving`) — so another owner goes on with it.
   */
  terminate(graceMs: number): Promise<void>;
}
