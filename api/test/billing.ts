// The set-up the payment suites share (api/billing/<provider>.test.ts, api/admin/billing/
// payments.test.ts): one world for the file, the provider's stand-in served on a loopback port with
// the provider's settings pointing at it, the gold pack (GOLD_PACK) on sale and a signed-in buyer;
// and what the suites read back (the buyer's gold, a snapshot of all a payment may change).
import { beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "./fixture.ts";
import { signedInPlayer, putItem, GOLD_PACK } from "../billing/test-standins/world.ts";
import { players, ledgerEntries, outbox } from "../db/schema/index.ts";
import { orders, orderEvents } from "../db/schema/billing.ts";

export type Buyer = Awaited<ReturnType<typeof signedInPlayer>>;

export interface PaymentSuite<S> {
  readonly w: TestWorld;
  readonly standin: S;
  /** The stand-in's address: http://127.0.0.1:port. */
  readonly base: string;
  readonly buyer: Buyer;
  /** The buyer's gold now. */
  gold(): Promise<number>;
  /** All a payment may change: the buyer's gold, how many ledger entries, order events and outbox rows, the orders whole. */
  snapshot(): Promise<{ gold: number; ledger: number; events: number; outbox: number; orders: string }>;
  /** POST /billing/order/start as the buyer: an order of the item (the gold pack) with the provider. */
  startOrder(provider: string, itemId?: string): Response | Promise<Response>;
  /** A provider's call to one of our paths: POST of a JSON body (a string sent as it is), no session. */
  callback(path: string): (body: unknown) => Response | Promise<Response>;
}

/** Registers the file's beforeAll (world, stand-in, settings, item, buyer) and afterAll. */
export function paymentSuite<S extends { app: { fetch: (request: Request) => Response | Promise<Response> } }>(o: {
  /** The stand-in, given the world and its own address (known once it is served). */
  standin: (w: TestWorld, origin: () => string) => S | Promise<S>;
  /** The provider's settings for the stand-in served at `base`. */
  secrets: (base: string, standin: S) => Record<string, string> | Promise<Record<string, string>>;
  buyer?: { country?: string; platform?: string };
}): PaymentSuite<S> {
  let w: TestWorld | undefined;
  let standin: S | undefined;
  let server: ReturnType<typeof Bun.serve> | undefined;
  let buyer: Buyer | undefined;
  const made = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error("the payment suite is set up in beforeAll");
    return v;
  };
  const base = () => `http://127.0.0.1:${made(server).port}`;
  beforeAll(async () => {
    const world = (w = await makeWorld());
    const s = (standin = await o.standin(world, base));
    server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (r) => s.app.fetch(r) });
    Object.assign(world.deps.settings.secrets, await o.secrets(base(), s));
    await putItem(world.deps.db, GOLD_PACK, world.clock.now());
    buyer = await signedInPlayer(world.deps.db, world.clock.now(), o.buyer);
  });
  afterAll(async () => {
    server?.stop(true);
    await w?.close();
  });
  const db = () => made(w).deps.db;
  const gold = async () =>
    (
      await db()
        .select({ gold: players.gold })
        .from(players)
        .where(eq(players.id, made(buyer).playerId))
    )[0].gold;
  return {
    get w() {
      return made(w);
    },
    get standin() {
      return made(standin);
    },
    get base() {
      return base();
    },
    get buyer() {
      return made(buyer);
    },
    gold,
    snapshot: async () => ({
      gold: await gold(),
      ledger: (await db().select().from(ledgerEntries)).length,
      events: (await db().select().from(orderEvents)).length,
      outbox: (await db().select().from(outbox)).length,
      orders: JSON.stringify(await db().select().from(orders)),
    }),
    startOrder: (provider, itemId = "gold_500") =>
      made(w).app.request("/billing/order/start", {
        method: "POST",
        headers: { ...made(buyer).headers, "content-type": "application/json" },
        body: JSON.stringify({ provider, item_id: itemId }),
      }),
    callback: (path) => (body) =>
      made(w).app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

/** A private key as providers hand it out: PKCS #8, base64. */
export const pkcs8Base64 = async (key: CryptoKey) =>
  btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey("pkcs8", key))));
