// The burst's client for bench/signin-burst.ts, in a process of its own so that its 60 requests
// are not served by the event loop that times the reads: each line `go <round>` on stdin fires
// BURST concurrent password sign-ins at BASE (each another account and, via X-Forwarded-For,
// another address) and answers `done <ms>` (or `failed <statuses>`) on stdout.
export {};

const BASE = process.env.BASE!;
const BURST = Number(process.env.BURST);
const PASSWORD = process.env.PASSWORD!;

async function burst(round: number): Promise<string> {
  const t0 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      fetch(`${BASE}/public/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-forwarded-for": `10.${round % 250}.${Math.floor(i / 250)}.${i % 250}`,
        },
        body: JSON.stringify({ email: `burst${i}@example.com`, password: PASSWORD }),
      }).then(async (r) => (await r.arrayBuffer(), r.status)),
    ),
  );
  if (statuses.some((s) => s !== 200)) return `failed ${[...new Set(statuses)].join(",")}`;
  return `done ${(performance.now() - t0).toFixed(1)}`;
}

console.log("ready");
for await (const line of console) {
  const [cmd, round] = line.trim().split(" ");
  if (cmd === "go") console.log(await burst(Number(round)));
}
