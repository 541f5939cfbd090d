// bun bench/cold-code.ts
// How much slower the same JavaScript runs right after the thread has waited, on this machine:
// what a dashboard request pays after waiting on chDB (warehouse/metrics/README.md). Times one
// small unit of work — a function building and serialising 200 objects, and a request through a
// one-route Hono app — back to back, and right after three kinds of pause: an 8 ms loop that
// touches no memory, reading 32 MB, an 8 ms sleep (the thread idle, as while chDB runs a
// query). Prints the medians and each as a multiple of back to back, measured in the same run.
import { Hono } from "hono";

const work = () => {
  const a: { i: number; s: string }[] = [];
  for (let i = 0; i < 200; i++) a.push({ i, s: `item ${i}` });
  return JSON.stringify(a).length;
};
const app = new Hono();
app.get("/x/:id", (c) => c.json({ id: c.req.param("id"), n: work() }));
const request = async () => void (await (await app.request("/x/5")).text());

const big = new Float64Array(4 * 1024 * 1024); // 32 MB
const pauses: Record<string, () => Promise<void> | void> = {
  "back to back": () => {},
  "after an 8 ms loop touching no memory": () => {
    let x = 0;
    for (let i = 0; i < 3e6; i++) x = (x * 31 + i) | 0;
    (globalThis as { sink?: number }).sink = x;
  },
  "after reading 32 MB": () => {
    let x = 0;
    for (let i = 0; i < big.length; i += 8) x += big[i];
    (globalThis as { sink?: number }).sink = x;
  },
  "after an 8 ms sleep": () => Bun.sleep(8),
};
const units: Record<string, () => unknown> = { "200 objects to JSON": work, "a Hono request": request };

for (let i = 0; i < 3000; i++) await request(); // compiled before anything is timed
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const [unit, run] of Object.entries(units)) {
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 300; round++)
    for (const [name, pause] of Object.entries(pauses)) {
      await pause();
      const t = performance.now();
      await run();
      (times[name] ??= []).push(performance.now() - t);
    }
  const base = median(times["back to back"]);
  for (const [name, xs] of Object.entries(times)) console.log(`${unit}, ${name}: ${(median(xs) * 1000).toFixed(1)} µs — ${(median(xs) / base).toFixed(1)}×`);
}
