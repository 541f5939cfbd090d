// Every area of the product registers its routes here, in the order Hono should try them.
import type { Hono } from "hono";
import type { HonoEnv } from "./http/env.ts";

type Register = (app: Hono<HonoEnv>) => void;

const areas: Register[] = [];

export function registerAreas(app: Hono<HonoEnv>) {
  for (const register of areas) register(app);
}
