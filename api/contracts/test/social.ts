// The social networks' TEST MODE stand-ins (api/identity/social/test-standins.ts), served by the
// app on the embedded default: each network's own pages and answers.
import { z } from "zod";
import { contract } from "../contract.ts";

export const standin = contract({
  method: "ANY",
  path: "/test/social/:network{[a-z]+}/*",
  auth: "provider",
  summary: "A network's stand-in: its consent page, redirects, and its JSON or JWT answers (TEST MODE only, else 404).",
  answers: ["html", "redirect", "text"],
  /** The network's own JSON (tokens, keys, user info), as the network documents it. */
  output: z.unknown(),
});
