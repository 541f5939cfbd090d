// The in-process write lock: a writer that gave up waiting must not wedge the ones after it.
import { test, expect } from "bun:test";
import { AsyncLock } from "./write-lock.ts";

test("after a lock-wait timeout the lock still passes on: later writers get it once the holder releases", async () => {
  const lock = new AsyncLock(50);
  const releaseFirst = await lock.acquire();
  // This one waits longer than the timeout and gives up.
  await expect(lock.acquire()).rejects.toThrow("timed out waiting for the database write lock");
  releaseFirst();
  // Before the fix the waiter that gave up never released its place, so this one timed out too.
  const releaseThird = await lock.acquire();
  releaseThird();
  const releaseFourth = await lock.acquire();
  releaseFourth();
});

test("a waiter that gives up does not hold the lock while the holder still has it", async () => {
  const lock = new AsyncLock(30);
  const release = await lock.acquire();
  await expect(lock.acquire()).rejects.toThrow("timed out");
  let got = false;
  const next = lock.acquire().then((r) => {
    got = true;
    return r;
  });
  await new Promise((r) => setTimeout(r, 10));
  expect(got).toBe(false);
  release();
  (await next)();
  expect(got).toBe(true);
});
