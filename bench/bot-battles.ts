// bun bench/bot-battles.ts [--battles 120] [--from 1]
// The simulation bench of issue 30: bot-only battles of balanced teams (formed by balanceTeams, as
// the arena forms them) on the demo world's rotation of maps, played to their end. Prints the
// battle length (median 4–7 min wanted), each side's share of the decided battles (45–55 %), the
// share of shells that struck an ally (< 3 %), the largest tier-sum difference between the sides
// (≤ 1) and the hit rate by bot profile (a recruit clearly below an ace). Deterministic by seed.
import { parseArgs } from "node:util";
import { playBenchBattle, summarise, type BenchBattle } from "../api/domain/battle-bench.ts";

const { values } = parseArgs({
  options: { battles: { type: "string", default: "120" }, from: { type: "string", default: "1" } },
});
const n = Number(values.battles);
const from = Number(values.from);
const t0 = performance.now();
const played: BenchBattle[] = [];
for (let i = 0; i < n; i++) played.push(playBenchBattle(from + i));
const s = summarise(played);
const mmss = (x: number) => `${Math.floor(x / 60)}:${String(Math.round(x % 60)).padStart(2, "0")}`;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(
  `${s.battles} battles in ${((performance.now() - t0) / 1000).toFixed(1)} s (seeds ${from}–${from + n - 1})`,
);
console.log(
  `battle length: median ${mmss(s.medianSeconds)} (p10 ${mmss(s.p10Seconds)}, p90 ${mmss(s.p90Seconds)}); ends: ${JSON.stringify(s.reasons)}`,
);
console.log(`wins of the decided: west ${pct(s.winShare[0])}, east ${pct(s.winShare[1])} (${s.draws} draws)`);
console.log(`friendly fire: ${pct(s.friendlyFireShare)} of shells struck an ally`);
console.log(`tier sums: largest difference between the sides ${s.maxTierSumDiff}`);
console.log(
  `hit rate by profile: ${Object.entries(s.byProfile)
    .map(([k, v]) => `${k} ${pct(v.rate)} (${v.hits}/${v.shots})`)
    .join(", ")}`,
);
console.log(
  `a tank's typical battle: damage ${s.perTank.damageShare.toFixed(2)} of a medium's hit points at its tier, ${s.perTank.kills.toFixed(2)} kills (the economy assumes 0.75 and 0.75: docs/decisions/economy.md)`,
);
const byMap: Record<string, number[]> = {};
for (const b of played) {
  byMap[b.map] ??= [];
  byMap[b.map].push(b.seconds);
}
console.log(
  `median length by map: ${Object.entries(byMap)
    .map(([m, xs]) => `${m} ${mmss([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)])} (${xs.length})`)
    .join(", ")}`,
);
