import type { Client } from "@libsql/client";
import { migrations } from "./migrations/index.ts";

/**
 * Applies the drizzle-kit migrations that this database has not seen, each in its own
 * write transaction, in journal order. Safe to run at every start and from several
 * instances at once: the applied check happens inside the transaction.
 */
export async function migrate(client: Client): Promise<string[]> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, hash TEXT NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const applied: string[] = [];
  for (const m of migrations) {
    const tx = await client.transaction("write");
    try {
      const seen = await tx.execute({ sql: "SELECT hash FROM _migrations WHERE tag = ?", args: [m.tag] });
      if (seen.rows.length > 0) {
        await tx.rollback();
        continue;
      }
      for (const statement of m.statements) await tx.execute(statement);
      await tx.execute({
        sql: "INSERT INTO _migrations (tag, hash, applied_at) VALUES (?, ?, ?)",
        args: [m.tag, m.hash, Date.now()],
      });
      await tx.commit();
      applied.push(m.tag);
    } finally {
      tx.close();
    }
  }
  return applied;
}
