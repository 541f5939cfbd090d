// An empty input skips zod only where zod's answer is known without running it (`{}`, no issue):
// checked against zod for every contract's schemas and for schemas that must not skip.
import { expect, test } from "bun:test";
import { z } from "zod";
import * as f from "../domain/fields.ts";
import { createApp } from "../app.ts";
import type { Deps } from "../deps.ts";
import { routeTable } from "./router.ts";
import { checkOrEmpty, passesEmpty } from "./validate.ts";

test("every contract schema that skips zod for an empty input is one zod answers {} to", async () => {
  const schemas = routeTable(createApp({} as Deps)).flatMap((r) =>
    r.contract ? [r.contract.input, r.contract.json, r.contract.query].filter((s) => s !== undefined) : [],
  );
  const skipping = schemas.filter(passesEmpty);
  expect(skipping.length).toBeGreaterThan(10);
  for (const schema of skipping) {
    const zod = await schema.safeParseAsync({});
    expect(zod).toEqual({ success: true, data: {} });
    expect(checkOrEmpty(schema, {})).toEqual({});
  }
});

test("a schema with a default, a required field, a check of its own or a transform of the whole is checked by zod", async () => {
  const refusing: z.ZodType[] = [
    z.object({ page: f.optional(f.int(1, 100)).default(1) }),
    z.object({ board: z.enum(["players", "clans"]) }),
    z.object({ a: f.optional(f.int(0, 9)) }).refine(() => false, "never"),
    z.object({ a: f.optional(f.int(0, 9)) }).transform((v) => ({ ...v, at: 1 })),
    z.array(z.int()),
  ];
  for (const schema of refusing) {
    expect(passesEmpty(schema)).toBe(false);
    const checked = checkOrEmpty(schema, {});
    expect(checked).toBeInstanceOf(Promise);
    await (checked as Promise<unknown>).catch(() => undefined);
  }
  expect(await (checkOrEmpty(refusing[0], {}) as Promise<unknown>)).toEqual({ page: 1 });
  expect(await (checkOrEmpty(refusing[1], {}) as Promise<unknown>).catch((e) => e.code)).toBe("validation");
  expect(await (checkOrEmpty(refusing[2], {}) as Promise<unknown>).catch((e) => e.code)).toBe("validation");
});

test("only an empty object skips: fields, arrays and other values go through zod", async () => {
  const schema = z.object({ offerId: f.optional(f.id()), requestId: f.optional(z.string().max(5)) });
  expect(passesEmpty(schema)).toBe(true);
  expect(checkOrEmpty(schema, {})).toEqual({});
  expect(await checkOrEmpty(schema, { offerId: "7" })).toEqual({ offerId: 7 });
  expect(await (checkOrEmpty(schema, { requestId: "toolong" }) as Promise<unknown>).catch((e) => e.code)).toBe(
    "validation",
  );
  expect(await (checkOrEmpty(schema, []) as Promise<unknown>).catch((e) => e.code)).toBe("validation");
});
