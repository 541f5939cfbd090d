// Whether payments run against the local stand-ins (PAYMENTS_TEST_MODE, set by the edge). Its own
// module, so a provider can ask without importing the stand-ins, which import the providers.
import type { Deps } from "../deps.ts";

export const isTestMode = (deps: Deps) => deps.settings.secrets.PAYMENTS_TEST_MODE === "1";
