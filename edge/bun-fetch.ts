import type { Server } from "bun";
import type { Hono } from "hono";
import type { HonoEnv } from "../api/http/env.ts";
import { resolveClientAddress, type parseTrustedProxies } from "./client-address.ts";

type Trusted = ReturnType<typeof parseTrustedProxies>;

/**
 * What the app reads of the connection (api/http/session.ts: clientAddress), looked up when it is
 * read — sign-ins, throttles, audit rows — not on every request: Bun builds the address object
 * anew on each call.
 */
class BunConnection {
  constructor(
    private readonly req: Request,
    private readonly server: Server<unknown>,
    private readonly trusted: Trusted,
  ) {}
  /** The peer's address; a forwarded one only when the peer is a trusted proxy (edge/client-address.ts). */
  get address(): string | undefined {
    return resolveClientAddress(this.server.requestIP(this.req)?.address, this.req.headers, this.trusted);
  }
}

/** The app as Bun.serve calls it (npm start, and the benchmarks that measure it). */
export function bunFetch(app: Hono<HonoEnv>, trusted: Trusted = []) {
  return (req: Request, server: Server<unknown>) => app.fetch(req, new BunConnection(req, server, trusted));
}
