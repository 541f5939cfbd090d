// On an operator's battle page: a battle played in the browser watched live (read-only, the same
// snapshots its players get) or, once it ended, replayed from its recorded inputs.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { href, useApi } from "../../lib/api.ts";
import * as battles from "../../../api/contracts/admin/battles.ts";
import { BattleScreen } from "./BattleScreen.tsx";

export function ArenaPanel({ battleId }: { battleId: string }) {
  const state = useApi(battles.arena, { battleId: Number(battleId) });
  const [mode, setMode] = useState<"watch" | "replay" | null>(null);
  // Each press of Replay starts it again from the beginning.
  const [run, setRun] = useState(0);
  const a = state.data?.arena;
  if (!a) return null;
  return (
    <section aria-label={t`The battle on the field`} className="tk-arena-panel">
      <h2>{t`On the field`}</h2>
      <p className="tk-row">
        {a.live && (
          <button
            type="button"
            className="tk-btn tk-primary"
            aria-pressed={mode === "watch"}
            onClick={() => setMode("watch")}
          >
            {t`Watch live`}
          </button>
        )}
        {a.recorded && (
          <button
            type="button"
            className="tk-btn"
            aria-pressed={mode === "replay"}
            onClick={() => {
              setMode("replay");
              setRun((r) => r + 1);
            }}
          >
            {t`Replay`}
          </button>
        )}
        {!a.live && !a.recorded && (
          <span className="tk-muted">{t`The battle is neither running here nor recorded yet.`}</span>
        )}
      </p>
      {mode === "watch" && (
        <BattleScreen
          source={{
            kind: "live",
            url: `${a.host}${href(battles.watch, { battleId: Number(battleId) })}`,
            drive: false,
          }}
          onEnd={() => state.reload()}
        />
      )}
      {mode === "replay" && (
        <BattleScreen
          key={run}
          source={{ kind: "replay", url: href(battles.replay, { battleId: Number(battleId) }) }}
        />
      )}
    </section>
  );
}
