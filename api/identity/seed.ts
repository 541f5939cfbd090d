// The demo world's first superadmin, so an operator can sign in right after `npm start`.
import type { WorldStep } from "../db/demo.ts";
import { createAdmin, countAdmins } from "../domain/admins.ts";

export const DEMO_ADMIN = { username: "admin", password: "tankodrome-admin", email: "admin@tankodrome.local" } as const;

export const demoAdminStep: WorldStep = async ({ db, opts }) => {
  if ((await countAdmins(db)) > 0) return;
  await createAdmin(db, { ...DEMO_ADMIN, role: "superadmin", at: opts.now });
};
