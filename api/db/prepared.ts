// Statements built once per database handle: drizzle's `.prepare()` with `sql.placeholder`s. A
// select built per request costs ~80–120 µs of drizzle putting SQL text together; a prepared one
// runs at once (the bun:sqlite client also keeps the compiled statement by its text). The reads of
// the player site and the game are written this way (docs/decisions/read-path.md); bench/
// player-reads.ts runs their very SQL on a bare server over bun:sqlite for the ratio.
import type { Db } from "./index.ts";

export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) made.set(db, (statements = build(db)));
    return statements;
  };
}
