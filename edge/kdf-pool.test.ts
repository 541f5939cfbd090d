// Argon2id in worker threads: the same bytes as on the calling thread, and the event loop keeps
// running while a burst of hashes is computed (on the calling thread each hash held it ~0.25 s).
import { test, expect, afterAll } from "bun:test";
import { createKdfPool } from "./kdf-pool.ts";
import { hashPassword, verifyPassword, hashPasswordsWith } from "../api/domain/password.ts";

const pool = createKdfPool(1);
afterAll(() => {
  hashPasswordsWith(null);
  pool.close();
});

/** The longest the event loop went without running a 2 ms timer while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    worst = Math.max(worst, t - last);
    last = t;
  }, 2);
  await new Promise((r) => setTimeout(r, 5));
  last = performance.now();
  await work();
  clearInterval(timer);
  return worst;
}

test("hashes made in the pool verify on the calling thread and the other way round", async () => {
  const here = await hashPassword("correct horse battery");
  hashPasswordsWith(pool);
  try {
    const there = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", here)).toBe(true);
    expect(await verifyPassword("wrong horse battery", here)).toBe(false);
    hashPasswordsWith(null);
    expect(await verifyPassword("correct horse battery", there)).toBe(true);
  } finally {
    hashPasswordsWith(null);
  }
}, 60_000);

test("while 6 sign-ins are hashed in the pool, the event loop stalls far less than with them on its thread", async () => {
  const stored = await hashPassword("correct horse battery");
  const t0 = performance.now();
  await verifyPassword("correct horse battery", stored);
  const oneHashHere = performance.now() - t0;
  const onThread = await longestStall(() =>
    Promise.all(Array.from({ length: 6 }, () => verifyPassword("guess", stored))),
  );
  hashPasswordsWith(pool);
  try {
    const inPool = await longestStall(() =>
      Promise.all(Array.from({ length: 6 }, () => verifyPassword("guess", stored))),
    );
    console.log(
      `one hash on the thread ${oneHashHere.toFixed(0)} ms; longest stall: on the thread ${onThread.toFixed(0)} ms, with the pool ${inPool.toFixed(0)} ms`,
    );
    // On the thread a hash holds the loop for its whole time (the longest stall is about one hash,
    // give or take a busy machine's noise: 1,061 ms against one hash of 1,150 ms was seen with three
    // test processes on two cores); in the pool the loop keeps ticking.
    expect(onThread).toBeGreaterThan(oneHashHere / 2);
    expect(inPool).toBeLessThan(onThread / 3);
  } finally {
    hashPasswordsWith(null);
  }
}, 60_000);

test("the workers run below the event loop's priority, the event loop keeps its own (Linux)", async () => {
  const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  const fs = await import("node:fs");
  const before = process.platform === "linux" ? niceOf(fs.readFileSync("/proc/thread-self/stat", "utf8")) : 0;
  const niced = createKdfPool(1, { nice: 7 });
  try {
    const [nice] = await niced.priorities();
    if (process.platform !== "linux") return expect(nice).toBeNull();
    expect(nice).toBe(Math.min(19, before + 7));
    // The thread that set it is the worker's: this thread (the event loop) is as it was.
    expect(niceOf(fs.readFileSync("/proc/thread-self/stat", "utf8"))).toBe(before);
    const threads = fs.readdirSync("/proc/self/task").map((t) => fs.readFileSync(`/proc/self/task/${t}/stat`, "utf8"));
    expect(threads.some((s) => s.includes("(Worker)") && niceOf(s) === nice)).toBe(true);
  } finally {
    niced.close();
  }
});
