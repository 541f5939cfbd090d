// A battle's socket, wherever it lands. The battle runs here: the connection joins its room. Its
// owner is gone (lease out, or handed back by a drain): this instance takes it over and the
// connection joins. Another instance owns it: the socket is proxied to the owner's address (in the
// store), or — where no proxy can be dialled, or the owner has no address of its own — the page is
// told to come back in a moment (`moving`). The battle is over: the page gets its end (with the
// player's result) and the socket closes, so nobody is sent back into a battle that is not running.
import type { Context } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import type { SocketSession } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import { outcomeOf, roomLease, roomOf } from "../../domain/arena.ts";
import { arenaOf } from "./arena.ts";
import type { EndMessage, ServerMessage } from "./contract.ts";
import type { Room, Seat } from "./room.ts";

/** Marks a socket proxied from another instance: it is never proxied again (no loops). */
export const PROXIED_HEADER = "x-tk-proxied";

/**
 * Runs a room's socket: a player takes their seat (again), an operator watches; each frame goes to
 * the room as it came (the runtime's socket is the room's viewer: nothing is built per message).
 */
export function roomSession(room: Room, playerId: number | null): SocketSession {
  let seat: Seat | null = null;
  return {
    open: (peer) => {
      seat = playerId === null ? room.join(peer, null) : room.reconnect(peer, playerId);
    },
    message: (data) => {
      if (seat) room.message(seat, data);
    },
    close: () => {
      if (seat) room.drop(seat);
    },
  };
}

/** A socket that only says something and closes (the battle is over, or elsewhere for a moment). */
function noticeSession(messages: ServerMessage[], code: number, reason: string): SocketSession {
  return {
    open: (peer) => {
      for (const m of messages) peer.send(JSON.stringify(m));
      peer.close(code, reason);
    },
    message() {},
    close() {},
  };
}

/** Pipes the page's socket to the owner's: both ways, closed together. */
function proxySession(dial: () => WebSocket): SocketSession {
  let upstream: WebSocket | null = null;
  const waiting: (string | ArrayBuffer)[] = [];
  return {
    open: (peer) => {
      const up = dial();
      upstream = up;
      up.binaryType = "arraybuffer";
      up.onopen = () => {
        for (const m of waiting.splice(0)) up.send(m);
      };
      up.onmessage = (m) => peer.send(typeof m.data === "string" ? m.data : new Uint8Array(m.data as ArrayBuffer));
      // The owner went away (killed, drained): the page reconnects and finds the battle's new owner.
      up.onclose = (e) => peer.close(e.code === 1000 || e.code === 1012 ? e.code : 1012, "owner closed");
      up.onerror = () => peer.close(1012, "owner unreachable");
    },
    message: (raw) => {
      const data = raw instanceof Uint8Array ? raw.slice().buffer : raw;
      if (upstream?.readyState === 1) upstream.send(data);
      else waiting.push(data);
    },
    close: () => upstream?.close(),
  };
}

/** The end of a battle that is over, as its player's page reads it (with their result, when they had one). */
async function endOf(c: Context<HonoEnv>, battleId: number, playerId: number | null): Promise<EndMessage> {
  const { db } = c.var.deps;
  const stored = await roomOf(db, battleId);
  const end = stored?.outcome
    ? (JSON.parse(stored.outcome) as { winner: 0 | 1 | -1; reason: string; tick: number })
    : { winner: -1 as const, reason: "stopped", tick: 0 };
  const slot = playerId === null ? -1 : (stored?.setup.seats.findIndex((s) => s.playerId === playerId) ?? -1);
  const outcome = playerId === null ? null : await outcomeOf(db, battleId, playerId);
  return {
    type: "end",
    winner: end.winner,
    reason: end.reason,
    tick: end.tick,
    team: slot >= 0 && stored ? stored.setup.seats[slot].team : null,
    outcome,
  };
}

/**
 * What a battle's socket does on this instance (see the top of this file). `playerId` null: an
 * operator watching. Throws not_found for no such battle, forbidden for a player not in it.
 */
export async function battleSocket(
  c: Context<HonoEnv>,
  battleId: number,
  playerId: number | null,
): Promise<SocketSession> {
  const deps = c.var.deps;
  const arena = arenaOf(deps);
  let room = arena.get(battleId);
  if (!room) {
    const where = await roomLease(deps.db, battleId);
    if (!where) throw new AppError("not_found", "arena.notHere");
    const stored = await roomOf(deps.db, battleId);
    if (playerId !== null && !stored?.setup.seats.some((s) => s.playerId === playerId))
      throw new AppError("forbidden", "arena.notYourBattle");
    if (!where.running) return noticeSession([await endOf(c, battleId, playerId)], 1000, "ended");
    const now = deps.clock.now();
    if (where.leaseUntil < now) room = (await arena.takeOver(battleId, now)) ?? undefined;
    if (!room) {
      const proxied = c.req.header(PROXIED_HEADER) !== undefined;
      const dial = deps.dialOwner;
      if (where.host && where.host !== arena.host && dial && !proxied && where.leaseUntil >= now) {
        const url = new URL(c.req.path, where.host);
        url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
        const headers: Record<string, string> = { [PROXIED_HEADER]: "1", cookie: c.req.header("cookie") ?? "" };
        return proxySession(() => dial(url.toString(), headers));
      }
      // Its owner is alive elsewhere (or its lease is about to run out): come back in a moment.
      const retryMs = Math.max(100, Math.min(2_000, where.leaseUntil - now + 50));
      return noticeSession([{ type: "moving", retryMs }], 1012, "moving");
    }
  }
  if (room.joinAttempt(playerId) === "notYourBattle") throw new AppError("forbidden", "arena.notYourBattle");
  return roomSession(room, playerId);
}
