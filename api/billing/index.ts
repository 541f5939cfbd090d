// The billing area: provider callbacks and purchase routes, one module per provider.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { registerStripe } from "./stripe.ts";

export function registerBilling(app: Hono<HonoEnv>) {
  registerStripe(app);
}
