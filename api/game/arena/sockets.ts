// A battle's socket, wherever it lands. The battle runs here: the connection joins its room. Its
// owner is gone (lease out, or handed back by a drain): this instance takes it over and the
// connection joins. Another instance owns it: the socket is proxied to the owner's address (in the
// store), or — where no proxy can be dialled, or the owner has no address of its own — the page is
// told to come back in a moment (`moving`). The battle is over: the page gets its end (with the
// player's result) and the socket closes, so nobody is sent back into a battle that is not running.
import type { Context } from "hono";
import type { WSContext, WSEvents } from "hono/ws";
import type { HonoEnv } from "../../http/env.ts";
import { AppError } from "../../domain/errors.ts";
import { outcomeOf, roomLease, roomOf } from "../../domain/arena.ts";
import { arenaOf } from "./arena.ts";
import type { EndMessage, ServerMessage, Viewer } from "./contract.ts";
import type { Room, Seat } from "./room.ts";

/** Marks a socket proxied from another instance: it is never proxied again (no loops). */
export const PROXIED_HEADER = "x-tk-proxied";

const viewerOf = (ws: WSContext): Viewer => ({
  send: (d) => ws.send(d),
  close: (code, reason) => ws.close(code, reason),
});

/** Runs a room's socket: a player takes their seat (again), an operator watches; messages go to the room. */
export function roomEvents(room: Room, playerId: number | null): WSEvents {
  let seat: Seat | null = null;
  const connect = (v: Viewer) => (playerId === null ? room.join(v, null) : room.reconnect(v, playerId));
  return {
    onOpen: (_e, ws) => {
      seat = connect(viewerOf(ws));
    },
    onMessage: (e, ws) => {
      if (!seat) seat = connect(viewerOf(ws));
      if (typeof e.data === "string" || e.data instanceof ArrayBuffer || e.data instanceof Uint8Array)
        room.message(seat, e.data);
    },
    onClose: () => {
      if (seat) room.drop(seat);
    },
  };
}

/** A socket that only says something and closes (the battle is over, or elsewhere for a moment). */
function noticeEvents(messages: ServerMessage[], code: number, reason: string): WSEvents {
  return {
    onOpen: (_e, ws) => {
      for (const m of messages) ws.send(JSON.stringify(m));
      ws.close(code, reason);
    },
  };
}

/** Pipes the page's socket to the owner's: both ways, closed together. */
function proxyEvents(dial: () => WebSocket): WSEvents {
  let upstream: WebSocket | null = null;
  const waiting: (string | ArrayBuffer)[] = [];
  return {
    onOpen: (_e, ws) => {
      const up = dial();
      upstream = up;
      up.binaryType = "arraybuffer";
      up.onopen = () => {
        for (const m of waiting.splice(0)) up.send(m);
      };
      up.onmessage = (m) => ws.send(m.data as string | ArrayBuffer);
      // The owner went away (killed, drained): the page reconnects and finds the battle's new owner.
      up.onclose = (e) => ws.close(e.code === 1000 || e.code === 1012 ? e.code : 1012, "owner closed");
      up.onerror = () => ws.close(1012, "owner unreachable");
    },
    onMessage: (e) => {
      const raw: unknown = e.data;
      const data = raw instanceof Uint8Array ? raw.slice().buffer : raw;
      if (typeof data !== "string" && !(data instanceof ArrayBuffer)) return;
      if (upstream?.readyState === 1) upstream.send(data);
      else waiting.push(data);
    },
    onClose: () => upstream?.close(),
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
export async function battleSocket(c: Context<HonoEnv>, battleId: number, playerId: number | null): Promise<WSEvents> {
  const deps = c.var.deps;
  const arena = arenaOf(deps);
  let room = arena.get(battleId);
  if (!room) {
    const where = await roomLease(deps.db, battleId);
    if (!where) throw new AppError("not_found", "arena.notHere");
    const stored = await roomOf(deps.db, battleId);
    if (playerId !== null && !stored?.setup.seats.some((s) => s.playerId === playerId))
      throw new AppError("forbidden", "arena.notYourBattle");
    if (!where.running) return noticeEvents([await endOf(c, battleId, playerId)], 1000, "ended");
    const now = deps.clock.now();
    if (where.leaseUntil < now) room = (await arena.takeOver(battleId, now)) ?? undefined;
    if (!room) {
      const proxied = c.req.header(PROXIED_HEADER) !== undefined;
      const dial = deps.dialOwner;
      if (where.host && where.host !== arena.host && dial && !proxied && where.leaseUntil >= now) {
        const url = new URL(c.req.path, where.host);
        url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
        const headers: Record<string, string> = { [PROXIED_HEADER]: "1", cookie: c.req.header("cookie") ?? "" };
        return proxyEvents(() => dial(url.toString(), headers));
      }
      // Its owner is alive elsewhere (or its lease is about to run out): come back in a moment.
      const retryMs = Math.max(100, Math.min(2_000, where.leaseUntil - now + 50));
      return noticeEvents([{ type: "moving", retryMs }], 1012, "moving");
    }
  }
  if (room.joinAttempt(playerId) === "notYourBattle") throw new AppError("forbidden", "arena.notYourBattle");
  return roomEvents(room, playerId);
}
