// Maps as content: the battle options' `maps` list is the rotation, each name either an operator's
// map from the options' `mapDefs` (obstacles, bushes, the base, each team's spawn points) or one of
// the built-in maps (api/game/sim/maps.ts). The shape below is what the options' save checks.
import { z } from "zod";
import { MAPS, type MapDef } from "../game/sim/maps.ts";

const metres = (max: number) => z.number().min(0).max(max);
const rect = z.object({ x: metres(640), y: metres(640), w: z.number().min(1).max(300), h: z.number().min(1).max(300) });
const point = z.object({ x: metres(640), y: metres(640) });

export const mapDefShape = z
  .object({
    name: z.string().trim().min(1).max(64),
    width: z.int().min(100).max(640),
    height: z.int().min(100).max(640),
    obstacles: z.array(rect.extend({ kind: z.enum(["rock", "house", "wall", "trees"]) })).max(300),
    bushes: z.array(rect).max(300).default([]),
    base: z.object({ x: metres(640), y: metres(640), r: z.number().min(5).max(60) }),
    spawns: z.tuple([z.array(point).min(1).max(15), z.array(point).min(1).max(15)]),
  })
  .superRefine((m, ctx) => {
    const inside = (p: { x: number; y: number }) => p.x >= 3 && p.y >= 3 && p.x <= m.width - 3 && p.y <= m.height - 3;
    const blocked = (p: { x: number; y: number }) =>
      m.obstacles.some((b) => p.x > b.x - 3 && p.x < b.x + b.w + 3 && p.y > b.y - 3 && p.y < b.y + b.h + 3);
    if (!inside(m.base))
      ctx.addIssue({ code: "custom", path: ["base"], message: "outside", params: { rule: "outside" } });
    for (const [i, team] of m.spawns.entries())
      for (const [j, p] of team.entries())
        if (!inside(p) || blocked(p))
          ctx.addIssue({ code: "custom", path: ["spawns", i, j], message: "blocked", params: { rule: "blocked" } });
  });

/** The rotation: each listed name as an operator's map or a built-in one; names neither knows are left out; none left: every built-in map. */
export function rotation(names: unknown, defs: unknown): MapDef[] {
  const own = new Map<string, MapDef>();
  if (Array.isArray(defs))
    for (const d of defs) {
      const r = mapDefShape.safeParse(d);
      if (r.success) own.set(r.data.name, r.data as MapDef);
    }
  const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  const picked = list.flatMap((n) => {
    const m = own.get(n) ?? MAPS.find((b) => b.name === n);
    return m ? [m] : [];
  });
  return picked.length ? picked : MAPS;
}
