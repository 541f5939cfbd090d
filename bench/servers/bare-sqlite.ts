// The limit for an embedded read here: Bun.serve and a prepared bun:sqlite statement, nothing else.
import { Database } from "bun:sqlite";

const db = new Database(`${process.env.DATA_DIR}/tankodrome.db`, { readonly: true });
const stmt = db.prepare("SELECT id, nickname, level, gold, silver, rating FROM players WHERE id = ?");
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
