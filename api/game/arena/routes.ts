// The battles played in the browser: the hangar page (/{locale}/play/), joining and leaving the
// queue, the queue's state (which also forms battles, so nobody waits past the longest wait),
// the battle's WebSocket (the player's own tank only), the result, and for operators the live
// spectator socket and a recorded battle's replay.
import type { Hono } from "hono";
import type { SocketSession } from "../../deps.ts";
import type { HonoEnv } from "../../http/env.ts";
import type { Context } from "hono";
import { page, route } from "../../http/router.ts";
import { AppError } from "../../domain/errors.ts";
import { arenaOf } from "./arena.ts";
import { battleSocket } from "./sockets.ts";
import {
  arenaRules,
  garageOf,
  hangarExtras,
  hangarPlayer,
  joinQueue,
  leaveQueue,
  playerBattleResult,
  queueEntry,
  roomOf,
  runningBattleOf,
  tankView,
} from "../../domain/arena.ts";
import { buyModule } from "../../domain/modules.ts";
import { battleReport, lastEndedBattle } from "../../domain/battle-report.ts";
import * as play from "../../contracts/game/play.ts";
import { hangar } from "../../contracts/play.ts";
import * as adminBattles from "../../contracts/admin/battles.ts";
import { trainCrewSkill } from "../../domain/progression.ts";
import { walletOf } from "../../domain/players.ts";
import { replayFrames } from "./replay-stream.ts";

const me = (c: Context<HonoEnv>) => {
  const p = c.var.player;
  if (!p) throw new AppError("unauthorized");
  return p.playerId;
};

/** What the player's page needs to show where they are: in the queue, in a battle, or in the hangar. */
async function status(c: Context<HonoEnv>, playerId: number) {
  const { db, clock } = c.var.deps;
  const arena = arenaOf(c.var.deps);
  const queued = await queueEntry(db, playerId);
  if (queued) {
    arena.wake();
    await arena.match(clock.now());
  }
  const [battle, still, rules] = await Promise.all([
    runningBattleOf(db, playerId),
    queueEntry(db, playerId),
    arenaRules(db),
  ]);
  return {
    queue: still ? { tankId: still.tankId, joinedAt: still.joinedAt, maxWaitSeconds: rules.maxWaitSeconds } : null,
    battle,
    now: clock.now(),
  };
}

async function upgrade(
  c: Context<HonoEnv>,
  battleId: number,
  playerId: number | null,
  session: () => Promise<SocketSession>,
): Promise<Response> {
  const { sockets, battleObjects } = c.var.deps;
  // On Workers the battle's Durable Object takes the socket (edge/worker.ts).
  if (battleObjects) {
    // The stub's answer has immutable headers: a copy (with its socket) takes the app's headers.
    const res = await battleObjects.fetch(battleId, c.req.raw, playerId);
    const socket = (res as Response & { webSocket?: unknown }).webSocket;
    return new Response(socket ? null : res.body, {
      status: res.status,
      statusText: res.statusText,
      headers: new Headers(res.headers),
      ...(socket ? { webSocket: socket } : {}),
    } as ResponseInit);
  }
  if (!sockets) throw new AppError("unavailable");
  const res = await sockets(c, await session());
  return res ?? c.text("", 426);
}

/** The browser's battles, by path group. */
export function registerArena(app: Hono<HonoEnv>) {
  registerHangar(app);
  registerQueue(app);
  registerGarage(app);
  registerBattle(app);
  registerOperators(app);
}

/** /{locale}/play/: the hangar page. */
function registerHangar(app: Hono<HonoEnv>) {
  // auth "public": a visitor who is not signed in gets the page, which sends them to sign in and back.
  // The hangar is rendered on the server for a browser (docs/decisions/front-door.md); a player
  // waiting for or in a battle gets the bare shell (the battle is the browser's to draw).
  page(
    app,
    hangar,
    async (c) => {
      // A visitor: the page sends them to sign in (and back here), without an error on the way.
      if (!c.var.player) return { signedIn: false as const };
      const playerId = me(c);
      const { db } = c.var.deps;
      const p = await hangarPlayer(db, playerId);
      const [garage, rules, where, extras] = await Promise.all([
        garageOf(db, playerId),
        arenaRules(db),
        status(c, playerId),
        hangarExtras(db, playerId, c.var.locale, c.var.deps.clock.now()),
      ]);
      const lastBattle = await lastEndedBattle(db, playerId);
      return { signedIn: true as const, player: p, garage, rules, ...extras, ...where, lastBattle };
    },
    { ssr: (d) => !(d as { queue?: unknown }).queue && !(d as { battle?: unknown }).battle },
  );
}

/** /game/play/join, leave and status: the queue (its state also forms battles). */
function registerQueue(app: Hono<HonoEnv>) {
  route(app, play.join, async (c, b) => {
    const playerId = me(c);
    const { db, clock } = c.var.deps;
    const r = await joinQueue(db, { playerId, tankId: b.tankId, at: clock.now() });
    return { ...(await status(c, playerId)), queued: r.queued };
  });

  route(app, play.leave, async (c) => {
    await leaveQueue(c.var.deps.db, me(c));
    return status(c, me(c));
  });

  route(app, play.status, async (c) => status(c, me(c)));
}

/** /game/play/crew/train, modules/{tankId} and module/buy: the garage's crews and modules. */
function registerGarage(app: Hono<HonoEnv>) {
  // Not in the spec (docs/decisions/crews.md, "Training by players"): the hangar's crew list trains a
  // member's skill one level, paid through the ledger once per request id.
  route(app, play.trainCrew, async (c, b) => {
    const playerId = me(c);
    const { db, clock } = c.var.deps;
    const trained = await db.transaction((tx) =>
      trainCrewSkill(tx, {
        playerId,
        crewId: b.crewId,
        pay: b.pay,
        level: b.level,
        requestId: b.requestId,
        at: clock.now(),
      }),
    );
    const [wallet, extras] = await Promise.all([
      walletOf(db, playerId),
      hangarExtras(db, playerId, c.var.locale, clock.now()),
    ]);
    return { ...trained, ...wallet, crew: extras.crew, crewBonus: extras.crewBonus };
  });

  // Issue 30: a tank's modules and figures in battle, and buying a slot's next level (docs/decisions/progression-battle.md).
  route(app, play.modules, async (c, p) =>
    tankView(c.var.deps.db, me(c), p.tankId, c.var.deps.clock.now(), c.var.locale),
  );

  route(app, play.buyModule, async (c, b) => {
    const playerId = me(c);
    const { db, clock } = c.var.deps;
    const owned = (await garageOf(db, playerId)).some((t) => t.id === b.tankId);
    const bought = await db.transaction((tx) => buyModule(tx, { ...b, playerId, owned, at: clock.now() }));
    const [wallet, modules] = await Promise.all([
      walletOf(db, playerId),
      tankView(db, playerId, b.tankId, clock.now(), c.var.locale),
    ]);
    return { ...bought, ...wallet, modules };
  });
}

/** /game/play/report/{battleId}, result/{battleId} and ws/{battleId}: the player's battle. */
function registerBattle(app: Hono<HonoEnv>) {
  route(app, play.report, async (c, p) => battleReport(c.var.deps.db, me(c), p.battleId, c.var.locale));

  // The player's own result of a battle (the result screen after a reload, or after the socket closed).
  route(app, play.result, async (c, p) => playerBattleResult(c.var.deps.db, p.battleId, me(c)));

  // The battle's socket: the player drives the tank of their seat and sees everything.
  route(app, play.socket, async (c, p) => {
    const playerId = me(c);
    return upgrade(c, p.battleId, playerId, () => battleSocket(c, p.battleId, playerId));
  });
}

/** /admin/battles/{battleId}/watch, arena and replay: what an operator sees of a battle. */
function registerOperators(app: Hono<HonoEnv>) {
  // An operator watches a running battle: the same snapshots, no tank to drive.
  route(app, adminBattles.watch, (c, p) => upgrade(c, p.battleId, null, () => battleSocket(c, p.battleId, null)));

  // Where a battle lives and what an operator can see of it: live (watch) or recorded (replay).
  route(app, adminBattles.arena, async (c, p) => {
    const room = await roomOf(c.var.deps.db, p.battleId);
    if (!room) return { arena: null };
    const live = arenaOf(c.var.deps).get(p.battleId);
    return {
      arena: {
        host: room.host,
        heartbeatAt: room.heartbeatAt,
        live: Boolean(live && !live.state.ended),
        recorded: room.inputs !== null,
        outcome: room.outcome ? JSON.parse(room.outcome) : null,
        map: room.setup.map,
        seats: room.setup.seats.length,
      },
    };
  });

  // A recorded battle replayed on the server from its inputs, as the snapshots a viewer draws.
  route(app, adminBattles.replay, async (c, p) => {
    const room = await roomOf(c.var.deps.db, p.battleId);
    if (!room?.inputs) throw new AppError("not_found", "arena.noRecord");
    return new Response(replayFrames(p.battleId, { setup: room.setup, inputs: room.inputs }), {
      headers: { "content-type": "application/octet-stream", "cache-control": "private, max-age=3600" },
    });
  });
}
