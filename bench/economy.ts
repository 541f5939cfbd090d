// bun bench/economy.ts — the economy's curve (docs/decisions/economy.md): a player's way up the demo
// catalogue playing typical battles (api/domain/economy.ts), without and with a premium account:
// battles at each tier until the next tier's cheapest silver tank is allowed (its level) and paid
// for, experience and silver a battle, and which of the two held the player back. The typical
// battle's damage and kills are the bench's (bun bench/bot-battles.ts prints them).
import { economyCurve, typicalBattle } from "../api/domain/economy.ts";
import { DEMO_TANKS } from "../api/domain/content.ts";
import { fitTask } from "../api/domain/economy-rules.ts";
import { DEMO_DAILY_TASKS } from "../api/domain/progression-content.ts";

const catalogue = DEMO_TANKS.map((t) => ({
  tier: Number(t.tier),
  priceSilver: Number(t.priceSilver ?? 0),
  requiredLevel: Number(t.requiredLevel),
  premium: Boolean(t.premium),
}));
for (const premium of [false, true]) {
  console.log(premium ? "\nwith a premium account" : "without premium");
  console.log(
    "tier → next | battles | in all | exp./battle | silver/battle (net) | next tank | its level | held back by",
  );
  for (const r of economyCurve(catalogue, { premium }))
    console.log(
      `${r.tier} → ${r.tier + 1} | ${r.battles} | ${r.total} | ${r.experiencePerBattle} | ${r.silverPerBattle} | ${r.nextPrice} | ${r.nextLevel} | ${r.gate}`,
    );
}
console.log("\ntypical battle by tier (damage, experience, net silver):");
for (let t = 1; t <= 10; t++) {
  const b = typicalBattle(t);
  console.log(`  ${t}: ${Math.round(b.stats.damage)} damage, ${b.experience} exp., ${b.silver} silver`);
}
console.log("\ndaily tasks a player of each tier may draw (target; silver reward after fitting):");
for (const t of [1, 3, 5, 8]) {
  const fit = DEMO_DAILY_TASKS.flatMap((d) => {
    const f = fitTask(
      {
        kind: d.kind,
        target: Number(d.target),
        rewardCurrency: d.rewardCurrency,
        rewardAmount: Number(d.rewardAmount),
      },
      t,
    );
    return f ? [`${d.kind} ${d.target} → ${f.rewardAmount} ${f.rewardCurrency}`] : [];
  });
  console.log(`  tier ${t}: ${fit.join("; ")}`);
}
