// Social sign-in on the site (docs/decisions/front-door.md): the networks offered, the start of a
// sign-in or a link, the network's callback, unlinking.
import { z } from "zod";
import { contract } from "../contract.ts";
import { accountView } from "./front-door.ts";

const network = z.object({ network: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/) });

export const networks = contract({
  method: "GET",
  path: "/public/social/networks",
  auth: "public",
  summary: "The networks a visitor can sign in with: enabled in /admin/socialNetwork/ and configured here.",
  output: z.array(z.object({ key: z.string(), name: z.string() })),
});

export const start = contract({
  method: "GET",
  path: "/public/social/:network{[a-z][a-z0-9_]*}/start",
  auth: "public",
  summary: "Begins a network's sign-in (or, with link=1, a link to the signed-in account): redirects to the network.",
  params: network,
  query: z.object({ next: z.string().max(300).optional(), link: z.enum(["1"]).optional() }),
  answers: ["redirect"],
});

export const callback = contract({
  method: "GET",
  path: "/public/social/:network{[a-z][a-z0-9_]*}/callback",
  auth: "public",
  summary:
    "The network's answer: this browser's state, the identity proven, then a sign-in, a link or a new player; a browser is redirected.",
  params: network,
  answers: ["redirect", "html"],
  output: z.object({ ok: z.literal(true), next: z.string(), playerId: z.int() }),
});

export const unlink = contract({
  method: "POST",
  path: "/public/profile/unlink",
  auth: "player",
  mutates: true,
  summary: "Unlinks a network while another way in remains.",
  input: network,
  output: accountView,
});
