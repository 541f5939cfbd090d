// Services' context: a transaction the caller holds is joined as it is (no cast, no savepoint),
// the admin log row is written from the actor in that transaction, and the router hands an admin
// route's handler the operator who signed in.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin } from "../test/sign-in.ts";
import { adminLog } from "../db/schema/access.ts";
import { route } from "../http/router.ts";
import { audit, NO_CHANGES } from "./audit.ts";
import { inTransaction, transact, type AdminCtx, type AdminRequest } from "./context.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.close());

const operator = (
  request: AdminRequest = { method: "POST", path: "/admin/x", address: null, audited: false },
): AdminCtx => ({
  db: w.deps.db,
  clock: w.clock,
  actor: { kind: "admin", adminId: 7, username: "olga", role: "admin", request },
});
const rows = () => w.deps.db.select().from(adminLog);

test("transact joins the caller's transaction and opens one otherwise", async () => {
  const ctx = operator();
  expect(inTransaction(ctx.db)).toBe(false);
  await w.deps.db.transaction(async (tx) => {
    await transact({ ...ctx, db: tx }, async (inner) => {
      expect(inner.db).toBe(tx);
      expect(inner.actor).toBe(ctx.actor);
    });
  });
  await transact(ctx, async (inner) => expect(inTransaction(inner.db)).toBe(true));
});

test("the audit row is the actor's and commits or rolls back with the change", async () => {
  const before = (await rows()).length;
  const ctx = operator({ method: "POST", path: "/admin/tank/save", address: "10.0.0.1", audited: false });
  await expect(
    transact(ctx, async (tx) => {
      await audit(tx, { action: "/admin/tank/save", summary: "rolled back", details: NO_CHANGES });
      throw new Error("the change failed");
    }),
  ).rejects.toThrow("the change failed");
  expect((await rows()).length).toBe(before);

  await transact(ctx, (tx) =>
    audit(tx, { action: "/admin/tank/save", targetType: "tank", targetId: 3, summary: "saved", details: NO_CHANGES }),
  );
  const last = (await rows()).at(-1);
  expect(last).toMatchObject({
    adminId: 7,
    adminUsername: "olga",
    method: "POST",
    path: "/admin/tank/save",
    address: "10.0.0.1",
    targetId: "3",
    summary: "saved",
  });
  expect(ctx.actor.request.audited).toBe(true);
});

test("an admin route's handler gets the operator; a service's row is the request's only one", async () => {
  const seen: AdminCtx[] = [];
  route(
    w.app,
    { method: "POST", path: "/admin/test/ctx", auth: "admin", role: "operator", mutates: true },
    { input: z.object({}) },
    async (c, _v, ctx) => {
      seen.push(ctx);
      await transact(ctx, (tx) =>
        audit(tx, { action: "/admin/test/ctx", summary: "service wrote it", details: NO_CHANGES }),
      );
      return c.json({ ok: true });
    },
  );
  const op = await signInAdmin(w, "operator");
  const before = (await rows()).length;
  const res = await w.app.request("/admin/test/ctx", { method: "POST", headers: op.headers(), body: "{}" });
  expect(res.status).toBe(200);
  expect(seen[0].actor).toMatchObject({ kind: "admin", username: op.username, role: "operator" });
  const added = (await rows()).slice(before);
  expect(added.map((r) => [r.adminUsername, r.path, r.summary])).toEqual([
    [op.username, "/admin/test/ctx", "service wrote it"],
  ]);
  // Another role's operator is refused before the handler runs.
  const support = await signInAdmin(w, "support");
  expect(
    (await w.app.request("/admin/test/ctx", { method: "POST", headers: support.headers(), body: "{}" })).status,
  ).toBe(403);
  expect(seen.length).toBe(1);
});
