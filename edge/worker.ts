// Cloudflare Workers: libSQL (Turso) and ClickHouse over HTTP, the UI from Workers assets, the
// outbox shipper on a Cron Trigger. Settings come from the Worker's vars and secrets.
import { z } from "zod";
import { createClient, type Client } from "@libsql/client/web";
import { createClient as createClickHouse } from "@clickhouse/client-web";
import { createApp } from "../api/app.ts";
import { createDb, type Db } from "../api/db/index.ts";
import { maintain } from "../api/maintenance.ts";
import { sweepHolds } from "../api/billing/sweep.ts";
import { settleDue } from "../api/domain/liveops/tournaments.ts";
import { refreshAudiences } from "../api/domain/audiences/membership.ts";
import { stopOnGuardrails } from "../api/domain/experiments-admin.ts";
import { systemCtx } from "../api/domain/context.ts";
import { migrate } from "../api/db/migrate.ts";
import { consoleLogger, systemClock, type AssetServer, type Deps } from "../api/deps.ts";
import { createLoggingMailer } from "../api/domain/mail.ts";
import { openClickHouseWarehouse } from "../warehouse/adapters/clickhouse.ts";
import { superviseWarehouse, type SupervisedWarehouse } from "../warehouse/supervisor.ts";
import { drainOutbox } from "../warehouse/shipper.ts";
import type { Warehouse } from "../warehouse/port.ts";
import { Arena, type RoomJournal } from "../api/game/arena/arena.ts";
import { ARENA, heartbeat, roomLease, roomOf, stopStuckArenaBattles } from "../api/domain/arena.ts";
import type { InputRecord } from "../api/game/sim/replay.ts";
// The server's renderer of the first pages, built by `npm run ui:build` (ui/build.ts) before a
// deploy; generated JavaScript without types (and absent from a checkout not yet built).
// @ts-expect-error
import { render as renderPage } from "../ui/ssr-dist/ssr.js";

interface Fetcher {
  fetch(request: Request): Promise<Response>;
}
interface DurableObjectStub {
  fetch(request: Request): Promise<Response>;
}
interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStub;
}
interface Env {
  ASSETS?: Fetcher;
  /** One Durable Object per battle (wrangler.toml: BattleRoomObject). */
  BATTLES?: DurableObjectNamespace;
  [key: string]: unknown;
}
/** workerd's server side of a WebSocket pair. */
type ServerSocket = WebSocket & { accept(): void };
declare const WebSocketPair: new () => { 0: WebSocket; 1: ServerSocket };

const settingsSchema = z.object({
  LIBSQL_URL: z.string().min(1),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  CLICKHOUSE_URL: z.url(),
  CLICKHOUSE_USER: z.string().default("default"),
  CLICKHOUSE_PASSWORD: z.string().default(""),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .default("tankodrome"),
  PUBLIC_URL: z.string().optional(),
});

const unavailable = (what: string) =>
  Response.json({ error: { code: "unavailable", message: `The service is not configured: ${what}` } }, { status: 503 });

/** Workers assets serve ui/dist at the root; the app asks for /assets/<file>. */
function workerAssets(assets: Fetcher): AssetServer {
  let manifest: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] };
  return {
    async fetch(request) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith("/assets/")) return null;
      url.pathname = url.pathname.slice("/assets".length);
      const res = await assets.fetch(new Request(url, request));
      return res.status === 404 ? null : res;
    },
    entries: () => manifest,
    // The landing and the hangar rendered here too (ui/ssr.tsx, bundled into the Worker by wrangler).
    render: (page, onError) => renderPage(page, onError),
    // Loaded once per isolate, before the first shell is rendered.
    async load() {
      const res = await assets.fetch(new Request("https://assets.local/manifest.json"));
      if (res.ok) manifest = await res.json();
    },
  } as AssetServer & { load(): Promise<void> };
}

interface Ready {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  db: Db;
  client: Client;
  warehouse: Warehouse;
  supervised: SupervisedWarehouse;
}
let ready: Promise<Ready> | null = null;

async function start(env: Env, settings: z.infer<typeof settingsSchema>): Promise<Ready> {
  const client = createClient({ url: settings.LIBSQL_URL, authToken: settings.LIBSQL_AUTH_TOKEN });
  await migrate(client);
  const chSettings = {
    url: settings.CLICKHOUSE_URL,
    username: settings.CLICKHOUSE_USER,
    password: settings.CLICKHOUSE_PASSWORD,
    database: settings.CLICKHOUSE_DATABASE,
  };
  // workerd refuses fetch called as a method of another object ("Illegal invocation"), which is
  // how the adapter calls the fetch it is given; a plain function calls it unbound.
  // Opened and migrated in the background, retried while ClickHouse is down: the site serves
  // meanwhile and events wait in the outbox (warehouse/supervisor.ts).
  const supervised = superviseWarehouse({
    kind: "clickhouse",
    database: chSettings.database,
    // A ClickHouse coming back is noticed within a few seconds.
    maxRetryMs: 2_000,
    open: () =>
      openClickHouseWarehouse(createClickHouse({ ...chSettings }) as never, chSettings, ((
        input: RequestInfo | URL,
        init?: RequestInit,
      ) => fetch(input, init)) as typeof fetch),
  });
  const warehouse = supervised.warehouse;
  // The first request waits a little for it, so a healthy start answers with a warehouse.
  await Promise.race([supervised.ready, new Promise((r) => setTimeout(r, 5_000))]);
  const assets = env.ASSETS ? workerAssets(env.ASSETS) : undefined;
  await (assets as { load?: () => Promise<void> } | undefined)?.load?.();
  const deps: Deps = {
    db: createDb(client),
    client,
    warehouse,
    clock: systemClock,
    mailer: createLoggingMailer(createDb(client)),
    logger: consoleLogger,
    settings: {
      publicUrl: settings.PUBLIC_URL ?? "",
      insecureCookies: !(settings.PUBLIC_URL ?? "").startsWith("https://"),
      secrets: Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >,
    },
    assets,
    warehouseStatus: supervised.status,
    // A battle's sockets go to its Durable Object, wherever the request landed.
    battleObjects: env.BATTLES
      ? {
          fetch(battleId, request, playerId) {
            const forwarded = new Request(request);
            forwarded.headers.set("x-tk-battle", String(battleId));
            forwarded.headers.set("x-tk-player", playerId === null ? "" : String(playerId));
            return env.BATTLES!.get(env.BATTLES!.idFromName(`battle:${battleId}`)).fetch(forwarded);
          },
        }
      : undefined,
  };
  return { app: createApp(deps), deps, db: deps.db, client, warehouse, supervised };
}

function ensure(env: Env): Promise<Ready> | Response {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) return unavailable(parsed.error.issues.map((i) => i.path.join(".")).join(", "));
  ready ??= start(env, parsed.data).catch((e) => {
    ready = null;
    throw e;
  });
  return ready;
}

/** What the battle's Durable Object keeps: its storage (transactional, survives the object's eviction). */
interface ObjectStorage {
  get<T>(key: string): Promise<T | undefined>;
  put(entries: Record<string, unknown>): Promise<void>;
  list<T>(options: { prefix: string }): Promise<Map<string, T>>;
  deleteAll(): Promise<void>;
}

/**
 * A battle's log in its Durable Object's storage (the store's battle_input_log on Bun and Deno): the
 * owner's flush puts the inputs since the last one (one key a batch, in order), how far the log goes
 * and now and then a checkpoint, in one put; every 5 s it also writes the store's heartbeat and reads
 * the battle's status (a stop made by an operator reaches the object so). The object is the battle's
 * only owner, so there is no lease to fence: a new instance of the object (after an eviction) claims
 * the battle from its storage and replays it. Deleted once the battle's end is stored.
 */
function objectJournal(storage: ObjectStorage, db: Db): RoomJournal {
  let batches = 0;
  let beatAt = 0;
  let status = "running";
  return {
    fenced: false,
    async flush({ battleId, tick, inputs, checkpoint, at }) {
      const entries: Record<string, unknown> = { tick };
      if (inputs.length) entries[`log:${String(++batches).padStart(9, "0")}`] = inputs;
      if (checkpoint) entries.checkpoint = checkpoint;
      await storage.put(entries);
      if (at - beatAt >= ARENA.heartbeatMs) {
        beatAt = at;
        status = (await heartbeat(db, battleId, at)) ?? status;
      }
      return status;
    },
    release: async () => true,
    async claim(battleId, owner) {
      const where = await roomLease(db, battleId);
      const stored = where?.running ? await roomOf(db, battleId) : null;
      if (!stored) return null;
      const log = await storage.list<InputRecord[]>({ prefix: "log:" });
      batches = log.size;
      return {
        lease: { owner, epoch: 0 },
        setup: stored.setup,
        tick: (await storage.get<number>("tick")) ?? 0,
        checkpoint: (await storage.get<{ tick: number; text: string }>("checkpoint")) ?? null,
        inputs: [...log.values()].flat(),
      };
    },
    ended: () => storage.deleteAll(),
  };
}

/**
 * One battle on Workers: the Durable Object named after it runs it as a process runs its battles on
 * Bun or Deno (an Arena of one room: the 20 Hz timer, the input log, the end through the store). Its
 * log is in the object's storage: an object that was evicted (its memory gone) takes the battle up
 * again from there when the next socket arrives, at the tick its log reached (the clock paused
 * meanwhile). The app's route has checked the session and says who connects (x-tk-player: a
 * player's id, empty for an operator watching).
 */
export class BattleRoomObject {
  private arena: Arena | null = null;
  constructor(
    private readonly state: { storage: ObjectStorage },
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const battleId = Number(request.headers.get("x-tk-battle"));
    const who = request.headers.get("x-tk-player");
    const playerId = who ? Number(who) : null;
    if (!Number.isInteger(battleId) || battleId <= 0 || request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response(null, { status: 400 });
    const r = ensure(this.env);
    if (r instanceof Response) return r;
    const s = await r;
    // The object's own arena runs the room; it must not hand sockets on to another object.
    this.arena ??= new Arena({ ...s.deps, battleObjects: undefined }, objectJournal(this.state.storage, s.db));
    const room = this.arena.get(battleId) ?? (await this.arena.takeOver(battleId));
    if (!room) return Response.json({ error: { code: "not_found" } }, { status: 404 });
    if (playerId !== null && room.slotOf(playerId) === null)
      return Response.json({ error: { code: "forbidden" } }, { status: 403 });
    const pair = new WebSocketPair();
    const server = pair[1];
    server.accept();
    const viewer = {
      send: (d: string | Uint8Array<ArrayBuffer>) => server.send(d),
      close: (code?: number, reason?: string) => server.close(code, reason),
    };
    const seat = playerId === null ? room.join(viewer, null) : room.reconnect(viewer, playerId);
    server.addEventListener("message", (e) => {
      if (typeof e.data === "string" || e.data instanceof ArrayBuffer) room.message(seat, e.data);
    });
    server.addEventListener("close", () => room.drop(seat));
    return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit);
  }
}

export default {
  async fetch(request: Request, env: Env, ctx: { waitUntil(p: Promise<unknown>): void }): Promise<Response> {
    const r = ensure(env);
    if (r instanceof Response) {
      // Without stores the UI can still be fetched, but no page or action can work.
      if (env.ASSETS && new URL(request.url).pathname.startsWith("/assets/")) {
        const res = await workerAssets(env.ASSETS).fetch(request);
        if (res) return res;
      }
      return r;
    }
    let s: Ready;
    try {
      s = await r;
    } catch (e) {
      return unavailable(`the stores did not answer (${e instanceof Error ? e.message : String(e)})`);
    }
    const res = await s.app.fetch(request, { address: request.headers.get("cf-connecting-ip") ?? undefined });
    // A warehouse not yet open is opened within a live request: an attempt begun by a request that
    // has ended (the first one waits for it 5 s at most) can hang there, and its retry timer with it.
    if (s.supervised.status().state !== "ready") ctx.waitUntil(s.supervised.nudge().catch(() => undefined));
    // Events written by this request reach ClickHouse without waiting for the next cron run.
    ctx.waitUntil(drainOutbox(s.client, s.warehouse).catch(() => undefined));
    return res;
  },
  async scheduled(_event: unknown, env: Env, ctx: { waitUntil(p: Promise<unknown>): void }) {
    const r = ensure(env);
    if (r instanceof Response) return;
    // Every minute: ship what waits, and prune what the store no longer needs (api/maintenance.ts).
    // RuStore holds nobody confirmed are confirmed and credited as verify would (api/billing/sweep.ts).
    ctx.waitUntil(
      r.then((s) =>
        Promise.all([
          s.supervised.nudge().catch(() => undefined),
          drainOutbox(s.client, s.warehouse),
          maintain({ db: s.db, client: s.client }, Date.now()),
          sweepHolds(s.deps, Date.now()),
          // Battles played here stuck past saving (no object ticked them for 30 s) close without an operator.
          stopStuckArenaBattles(s.db, Date.now()),
          // Live events' periods that have ended pay their prizes, once (docs/decisions/liveops.md).
          settleDue({ ctx: systemCtx(s.db, systemClock) }),
          // Saved audiences: the events shipped since the last run, then the sweeps due (docs/decisions/audiences.md).
          refreshAudiences({ ctx: systemCtx(s.db, systemClock), warehouse: s.warehouse }),
          // Running experiments whose variant crossed a guardrail stop (docs/decisions/experiment-scorecards.md).
          stopOnGuardrails({ db: s.db, warehouse: s.warehouse, clock: systemClock }),
        ]),
      ),
    );
  },
};
