// Builds the deps on a server runtime with a file system (Bun, Deno): libSQL file or URL,
// chDB or a ClickHouse server, migrations, the demo world on an empty store, the shipper.
import { mkdirSync } from "node:fs";
import process from "node:process";
import { resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { createDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { withWriteLock } from "../api/db/write-lock.ts";
import { consoleLogger, systemClock, type Deps, type Logger } from "../api/deps.ts";
import type { Warehouse } from "../warehouse/port.ts";
import { superviseWarehouse, type SupervisedWarehouse } from "../warehouse/supervisor.ts";
import { startShipper, type ShipperHandle } from "../warehouse/shipper.ts";
import { maintain, MAINTENANCE_EVERY_MS } from "../api/maintenance.ts";
import { sweepHolds } from "../api/billing/sweep.ts";
import { settleDue } from "../api/domain/liveops/tournaments.ts";
import { refreshAudiences } from "../api/domain/audiences/membership.ts";
import { stopOnGuardrails } from "../api/domain/experiments-admin.ts";
import { systemCtx } from "../api/domain/context.ts";
import { hashPasswordsWith } from "../api/domain/password.ts";
import { createKdfPool } from "./kdf-pool.ts";
import { isLoopback, paymentsTestMode, socialTestMode, type EdgeEnv } from "./config.ts";
import { createMailer } from "./mailer.ts";
import { preparePaymentsTestMode } from "../api/billing/test-mode.ts";
import { lockEmbeddedWarehouse } from "./warehouse-lock.ts";
import { prepareSocialTestMode } from "../api/identity/social/test-standins.ts";

export interface Booted {
  deps: Deps;
  /** The warehouse's state; `ready` resolves once it is open and migrated. */
  warehouse: SupervisedWarehouse;
  shipper: ShipperHandle;
  close(): Promise<void>;
}

export async function openClient(env: EdgeEnv): Promise<Client> {
  if (env.LIBSQL_URL) return createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
  const dir = resolve(env.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  // On Bun the embedded file is read through bun:sqlite (see edge/bun-sqlite-client.ts);
  // TK_SQLITE_DRIVER=libsql keeps @libsql/client for comparison.
  if (typeof Bun !== "undefined" && process.env.TK_SQLITE_DRIVER !== "libsql") {
    const { createBunSqliteClient } = await import("./bun-sqlite-client.ts");
    return withWriteLock(createBunSqliteClient(`${dir}/tankodrome.db`));
  }
  const client = withWriteLock(
    createClient({ url: `file:${dir}/tankodrome.db`, timeout: 10_000, concurrency: 8 } as Parameters<
      typeof createClient
    >[0]),
  );
  await client.execute("PRAGMA journal_mode=WAL");
  await client.execute("PRAGMA synchronous=NORMAL");
  return client;
}

export async function openWarehouse(env: EdgeEnv): Promise<Warehouse> {
  if (env.CLICKHOUSE_URL) {
    const { createClient: createCH } = await import("@clickhouse/client");
    const { openClickHouseWarehouse } = await import("../warehouse/adapters/clickhouse.ts");
    const settings = {
      url: env.CLICKHOUSE_URL,
      username: env.CLICKHOUSE_USER,
      password: env.CLICKHOUSE_PASSWORD,
      database: env.CLICKHOUSE_DATABASE,
    };
    const ch = createCH({
      url: settings.url,
      username: settings.username,
      password: settings.password,
      database: settings.database,
    });
    return openClickHouseWarehouse(ch as never, settings);
  }
  const { openChdbWarehouse } = await import("../warehouse/adapters/chdb.ts");
  const dir = resolve(env.DATA_DIR, "chdb");
  mkdirSync(dir, { recursive: true });
  return openChdbWarehouse(dir, env.CLICKHOUSE_DATABASE);
}

export async function boot(env: EdgeEnv, opts: { logger?: Logger; assets?: Deps["assets"] } = {}): Promise<Booted> {
  const logger = opts.logger ?? consoleLogger;
  // chDB runs in one process: a second one over the same DATA_DIR stops here, saying what to do.
  const unlockWarehouse = env.CLICKHOUSE_URL ? () => {} : lockEmbeddedWarehouse(resolve(env.DATA_DIR));
  const client = await openClient(env);
  const applied = await migrate(client);
  if (applied.length) logger.info("store migrated", { applied });
  let shipper: ShipperHandle | undefined;
  // The warehouse is opened and migrated in the background, retried while it is down: the site
  // serves meanwhile and events wait in the outbox (warehouse/supervisor.ts).
  const supervised = superviseWarehouse({
    kind: env.CLICKHOUSE_URL ? "clickhouse" : "chdb",
    database: env.CLICKHOUSE_DATABASE,
    open: () => openWarehouse(env),
    // A warehouse coming back is noticed within a few seconds (it was up to 30).
    maxRetryMs: 2_000,
    onState: (s) => {
      if (s.state !== "ready")
        return logger.warn(`warehouse ${s.state}; events wait in the outbox`, { error: s.error });
      logger.info("warehouse ready", { kind: s.kind });
      // What waited in the outbox goes now, not after the shipper's back-off.
      shipper?.wake();
    },
  });
  const warehouse = supervised.warehouse;
  const db = createDb(client);
  // Password hashing in worker threads: a burst of sign-ins must not stall other requests.
  const kdf = createKdfPool();
  hashPasswordsWith(kdf);
  // RuStore holds nobody confirmed are settled on the same timer once the deps exist (api/billing/sweep.ts).
  let sweep: (() => Promise<unknown>) | null = null;
  shipper = startShipper({
    client,
    warehouse,
    // While the warehouse is still opening (the start no longer waits for it) there is nothing to warn of.
    onError: (e) =>
      supervised.status().state === "starting"
        ? undefined
        : logger.warn("shipper: warehouse not reachable, events wait in the outbox", { error: String(e) }),
    // Pruning rides on the shipper's timer (shipped outbox rows, expired sessions and clan requests).
    maintenance: {
      everyMs: MAINTENANCE_EVERY_MS,
      run: async () => {
        const pruned = await maintain({ db, client }, Date.now());
        if (Object.values(pruned).some((n) => n > 0)) logger.info("pruned", { ...pruned });
        await sweep?.();
      },
    },
  });
  const port = env.PORT;
  const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  const secrets: Record<string, string> = {
    ...(process.env as Record<string, string>),
    GAME_API_KEY: env.GAME_API_KEY,
  };
  delete secrets.PAYMENTS_TEST_MODE;
  delete secrets.SOCIAL_TEST_MODE;
  const social = socialTestMode(env);
  if (social.on) {
    const switched = await prepareSocialTestMode(secrets, publicUrl);
    if (switched.length)
      logger.warn("social sign-in in TEST MODE: these networks use local stand-ins (SOCIAL_TEST_MODE=0 turns it off)", {
        networks: switched,
        why: social.why,
      });
  }
  const testMode = paymentsTestMode(env);
  if (testMode.on) {
    const switched = await preparePaymentsTestMode(secrets, publicUrl);
    logger.warn(
      switched.length
        ? "payments in TEST MODE: these providers use local stand-ins, no real money (PAYMENTS_TEST_MODE=0 turns it off)"
        : "payments TEST MODE allowed, but every provider has settings of its own: none uses a stand-in",
      { providers: switched, why: testMode.why },
    );
  } else logger.info("payments TEST MODE off: providers without settings are not configured", { why: testMode.why });
  const deps: Deps = {
    db,
    client,
    warehouse,
    clock: systemClock,
    mailer: createMailer(env, client),
    logger,
    settings: {
      publicUrl,
      insecureCookies: !(env.PUBLIC_URL ?? "").startsWith("https://"),
      instanceUrl: env.INSTANCE_URL,
      secrets,
      checkOutputs: env.TK_CHECK_OUTPUTS === "1",
    },
    assets: opts.assets,
    onOutbox: () => shipper.nudge(),
    warehouseStatus: supervised.status,
  };
  sweep = async () => {
    const swept = await sweepHolds(deps, Date.now());
    if (swept.checked > 0) logger.info("billing sweep: RuStore holds", { ...swept });
    // Live events' periods that have ended pay their prizes, once (docs/decisions/liveops.md).
    const settled = await settleDue({ ctx: systemCtx(db, systemClock) }).catch((e) => {
      logger.error("live events: settling failed", { error: String(e) });
      return [];
    });
    if (settled.length > 0) logger.info("live events settled", { periods: settled.length });
    // Saved audiences: the players of the events shipped since the last run, then the sweeps due (docs/decisions/audiences.md).
    const audiences = await refreshAudiences({ ctx: systemCtx(db, systemClock), warehouse }).catch((e) => {
      logger.error("audiences: refresh failed", { error: String(e) });
      return undefined;
    });
    if (audiences && (audiences.events.players > 0 || audiences.swept.length > 0))
      logger.info("audiences refreshed", { players: audiences.events.players, swept: audiences.swept.length });
    // Running experiments whose variant crossed a guardrail stop (docs/decisions/experiment-scorecards.md).
    const stopped = await stopOnGuardrails({ db, warehouse, clock: systemClock }).catch((e) => {
      logger.error("experiments: guardrail check failed", { error: String(e) });
      return [];
    });
    if (stopped.length > 0) logger.warn("experiments stopped by a guardrail", { experiments: stopped });
  };
  return {
    deps,
    warehouse: supervised,
    shipper,
    async close() {
      // A batch still on its way to the warehouse is not waited for long: the outbox keeps it, and it
      // is shipped again (the same dedup token) by whichever instance ships next.
      await Promise.race([shipper.stop(), new Promise((r) => setTimeout(r, 3_000))]);
      hashPasswordsWith(null);
      kdf.close();
      await Promise.race([warehouse.close(), new Promise((r) => setTimeout(r, 2_000))]);
      client.close();
      unlockWarehouse();
    },
  };
}

/** Whether a HOST is loopback only (see paymentsTestMode in config.ts for the whole rule). */
export const servesLoopbackOnly = isLoopback;
