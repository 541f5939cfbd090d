// Small HTTP helpers of the billing routes.
import type { Context } from "hono";
import type { z } from "zod";
import type { HonoEnv } from "../http/env.ts";

/** The input validated by input(schema) on this route, typed by that schema. */
export const validated = <S extends z.ZodType>(c: Context<HonoEnv>, _schema: S) => c.req.valid("json" as never) as z.output<S>;
