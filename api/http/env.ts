import type { Deps } from "../deps.ts";
import type { Locale } from "../i18n/index.ts";
import type { AdminRole } from "../db/schema/access.ts";
import type { AdminActor } from "../domain/context.ts";

export interface PlayerSession {
  playerId: number;
  csrfToken: string;
  tokenHash: string;
}

export interface AdminSession {
  adminId: number;
  username: string;
  role: AdminRole;
  csrfToken: string;
  tokenHash: string;
}

/** The one Hono environment: services and request facts on c.var; handlers never import globals. */
export interface HonoEnv {
  Variables: {
    deps: Deps;
    locale: Locale;
    player?: PlayerSession;
    admin?: AdminSession;
    /** The operator acting, with the request the admin log names (set by the guard of admin routes). */
    adminActor?: AdminActor;
  };
}
