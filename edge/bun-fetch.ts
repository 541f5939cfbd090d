import type { Server } from "bun";
import type { Hono } from "hono";
import type { HonoEnv } from "../api/http/env.ts";

/**
 * What the app reads of the connection (api/http/session.ts: clientAddress), looked up when it is
 * read — sign-ins, throttles, audit rows — not on every request: Bun builds the address object
 * anew on each call.
 */
class BunConnection {
  constructor(
    private readonly req: Request,
    private readonly server: Server<unknown>,
  ) {}
  get address(): string | undefined {
    return this.server.requestIP(this.req)?.address;
  }
}

/** The app as Bun.serve calls it (npm start, and the benchmarks that measure it). */
export function bunFetch(app: Hono<HonoEnv>) {
  return (req: Request, server: Server<unknown>) => app.fetch(req, new BunConnection(req, server));
}
