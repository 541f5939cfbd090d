// bun bench/cold-code.ts
// How much slower the same JavaScript runs right after the thread has waited, on this machine:
// what a dashboard request pays after waiting on chDB (warehouse/metrics/README.md). Times one
// small unit of work — a function building and serialising 200 objects, and a request through a
// one-route Hono app — back to back, and right after three kinds of 8 ms pause: a loop that
// touches no memory, reading 32 MB over and over, a sleep (the thread idle, as while chDB runs a
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
// Each pause lasts 8 ms; the loops check the clock every so often, not on every turn.
const for8ms = (step: () => void) => {
  const until = performance.now() + 8;
  while (performance.now() < until) step();
};
let sink = 0;
const pauses: Record<string, () => Promise<void> | void> = {
  "back to back": () => {},
  "after 8 ms of a loop touching no memory": () =>
    for8ms(() => {
      for (let i = 0; i < 10_000; i++) sink = (sink * 31 + i) | 0;
    }),
  "after 8 ms of reading 32 MB over and over": () => {
    let at = 0;
    for8ms(() => {
      for (let i = 0; i < 10_000; i++, at = (at + 8) % big.length) sink += big[at];
    });
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
  (globalThis as { sink?: number }).sink = sink;
  for (const [name, xs] of Object.entries(times))
    console.log(`${unit}, ${name}: ${(median(xs) * 1000).toFixed(1)} µs — ${(median(xs) / base).toFixed(1)}×`);
}
