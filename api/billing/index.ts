// The billing area: provider callbacks and purchase routes, one module per provider.
import type { Hono } from "hono";
import { registerBoosts } from "./boosts.ts";
import { registerRustore } from "./rustore.ts";
import { registerApple } from "./apple.ts";
import { registerEcommpay } from "./ecommpay.ts";
import { registerPaypal } from "./paypal.ts";
import type { HonoEnv } from "../http/env.ts";
import { registerStripe } from "./stripe.ts";
import { registerRobokassa } from "./robokassa.ts";
import { registerPurchase } from "./purchase.ts";
import { registerReturn } from "./return.ts";
import { registerTestMode } from "./test-mode.ts";
import { registerOperatorChecks } from "./operator-checks.ts";

export function registerBilling(app: Hono<HonoEnv>) {
  registerStripe(app);
  registerRobokassa(app);
  registerEcommpay(app);
  registerPaypal(app);
  registerApple(app);
  registerRustore(app);
  registerPurchase(app);
  registerReturn(app);
  registerTestMode(app);
  registerBoosts(app);
  registerOperatorChecks(app);
}
