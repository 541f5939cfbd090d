// The limit for an embedded read here: Bun.serve and a prepared bun:sqlite statement — the same
// statement the game API's player read runs — nothing else.
import { Database } from "bun:sqlite";
import { PLAYER_STATE_SQL } from "../../api/game/players.ts";

const db = new Database(`${process.env.DATA_DIR}/tankodrome.db`, { readonly: true });
const stmt = db.prepare(PLAYER_STATE_SQL);
const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  fetch(req) {
    const id = Number(new URL(req.url).pathname.split("/").pop());
    const p = stmt.get(id);
    return p ? Response.json(p) : Response.json({ error: { code: "not_found" } }, { status: 404 });
  },
});
console.log(`ready ${server.port}`);
