import type { Deps } from "../deps.ts";
import type { Locale } from "../i18n/index.ts";
import type { AdminRole } from "../db/schema/access.ts";

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
    /** Set by audit(): the state-changing admin request has its admin log row. */
    audited?: boolean;
  };
}
