// The published OpenAPI documents are the contracts': every /game/api route is in the game API's
// document with its parameters, body and answer, and what the server really answers fits the
// schema the document publishes (read back with z.fromJSONSchema).
import { test, expect, beforeAll, afterAll } from "bun:test";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { gameApi, TEST_GAME_API_KEY } from "../test/sign-in.ts";
import { routeTable } from "./router.ts";
import * as players from "../contracts/game/api/players.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
  w.deps.settings.secrets.GAME_API_KEY = TEST_GAME_API_KEY;
});
afterAll(() => w.close());

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, any>>>;
  components: { securitySchemes: Record<string, unknown> };
};
const read = async (path: string) => {
  const res = await w.app.request(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
};

test("the game API's document lists every /game/api route with its method, as OpenAPI 3.1", async () => {
  const doc = await read("/game/api/openapi.json");
  expect(doc.openapi).toBe("3.1.0");
  const registered = routeTable(w.app)
    .filter((r) => r.path.startsWith("/game/api/"))
    .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)\{[^}]*\}/g, "{$1}")}`)
    .sort();
  const published = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    .sort();
  expect(published).toEqual(registered);
  expect(published).toContain("get /game/api/players/{playerId}");
  expect(published).toContain("post /game/api/battles/end");
  expect(doc.components.securitySchemes.gameKey).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
  for (const ops of Object.values(doc.paths))
    for (const op of Object.values(ops))
      if (op.operationId !== "getGameApiOpenapiJson") expect(op.security).toEqual([{ gameKey: [] }]);
});

test("parameters, bodies and answers are the contracts' schemas", async () => {
  const doc = await read("/game/api/openapi.json");
  const state = doc.paths["/game/api/players/{playerId}"].get;
  expect(state.parameters).toEqual([
    {
      name: "playerId",
      in: "path",
      required: true,
      schema: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    },
  ]);
  const { $schema: _, ...answer } = z.toJSONSchema(players.playerState.output, { io: "output" }) as Record<
    string,
    unknown
  >;
  expect(state.responses["200"].content["application/json"].schema).toEqual(answer);
  expect(state.responses["4XX"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
  const register = doc.paths["/game/api/players/register"].post;
  const body = register.requestBody.content["application/json"].schema;
  expect(Object.keys(body.properties)).toEqual(
    expect.arrayContaining(["network", "uid", "email", "password", "nickname"]),
  );
  expect(body.properties.password).toEqual({ type: "string", minLength: 10, maxLength: 128 });
  expect(body.required ?? []).toEqual([]);
  const end = doc.paths["/game/api/battles/end"].post.requestBody.content["application/json"].schema;
  expect(end.required).toEqual(["battleId", "results"]);
  expect(end.properties.results.items.properties.result).toEqual({ type: "string", enum: ["win", "loss", "draw"] });
});

test("what the server answers fits the schema the document publishes", async () => {
  const doc = await read("/game/api/openapi.json");
  const schemaOf = (path: string, method: string) =>
    z.fromJSONSchema(doc.paths[path][method].responses["200"].content["application/json"].schema);
  const reg = await gameApi(w, "/game/api/players/register", { network: "vk", uid: "openapi-1", locale: "en" });
  expect(reg.status).toBe(201);
  const registered = await reg.json();
  expect(schemaOf("/game/api/players/register", "post").safeParse(registered).success).toBe(true);
  const res = await w.app.request(`/game/api/players/${(registered as { playerId: number }).playerId}`, {
    headers: { authorization: `Bearer ${TEST_GAME_API_KEY}` },
  });
  const state = await res.json();
  expect(schemaOf("/game/api/players/{playerId}", "get").safeParse(state).success).toBe(true);
  // …and the published schema is not a rubber stamp: a state without its gold does not fit.
  const { gold: _, ...noGold } = state as Record<string, unknown>;
  expect(schemaOf("/game/api/players/{playerId}", "get").safeParse(noGold).success).toBe(false);
});

test("the player site's document is served too, without the game API's routes", async () => {
  const doc = await read("/public/openapi.json");
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths).some((p) => p.startsWith("/game/api/"))).toBe(false);
  expect(Object.keys(doc.paths)).toContain("/public/openapi.json");
});
