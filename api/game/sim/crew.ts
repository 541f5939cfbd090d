// The crew's effect on a tank's figures (docs/decisions/crews.md, "The crew in battle"). Worked out
// once when a battle is formed, from the crew members' levels and trained skills (a bot's from its
// profile's crew level), and carried in the battle's setup as whole percentages, so the
// simulation stays a pure function of its setup and a recorded battle replays alike.
// Pure: no I/O, no clock.

/** Whole-percent bonuses by what they change; each 0..CREW_RULES.maxPercent. */
export interface CrewBonus {
  /** Loader: the gun loads this much faster (reload time − %). */
  reload: number;
  /** Driver: top speed and hull traverse + %. */
  mobility: number;
  /** Gunner: turret traverse + % and shot dispersion − %. */
  aim: number;
  /** Commander: view range + % (what a bot's tank sees; players see the whole arena). */
  view: number;
}

export const CREW_RULES = {
  /** Each level above the first and each trained skill level adds this many percent … */
  percentPerStep: 1,
  /** … up to this many per role. */
  maxPercent: 10,
} as const;

/** Which bonus a role gives; the radio operator has no figure in this battle (no signal range). */
export const CREW_ROLE_BONUS: Record<string, keyof CrewBonus | null> = {
  loader: "reload",
  driver: "mobility",
  gunner: "aim",
  commander: "view",
  radio: null,
};

export const NO_CREW: CrewBonus = { reload: 0, mobility: 0, aim: 0, view: 0 };

/** One member's percent: its levels above the first plus its trained skill levels, bounded. */
export function memberPercent(level: number, skillLevel: number): number {
  const steps = Math.max(0, Math.floor(level) - 1) + Math.max(0, Math.floor(skillLevel));
  return Math.min(CREW_RULES.maxPercent, steps * CREW_RULES.percentPerStep);
}

/** A crew's bonuses: the best member of each role counts (a role without a member gives nothing). */
export function crewBonus(members: { role: string; level: number; skillLevel: number }[]): CrewBonus {
  const out = { ...NO_CREW };
  for (const m of members) {
    const key = CREW_ROLE_BONUS[m.role];
    if (key) out[key] = Math.max(out[key], memberPercent(m.level, m.skillLevel));
  }
  return out;
}

/** A bot's crew: every role at its profile's crew level, nothing trained. */
export function botCrewBonus(crewLevel: number): CrewBonus {
  const p = memberPercent(crewLevel, 0);
  return { reload: p, mobility: p, aim: p, view: p };
}

/** A bonus as it came from a stored setup: whole percents within bounds, anything else nothing. */
export function boundedCrew(c: Partial<CrewBonus> | undefined): CrewBonus {
  const b = (v: unknown) =>
    typeof v === "number" && Number.isInteger(v) ? Math.max(0, Math.min(CREW_RULES.maxPercent, v)) : 0;
  return { reload: b(c?.reload), mobility: b(c?.mobility), aim: b(c?.aim), view: b(c?.view) };
}
