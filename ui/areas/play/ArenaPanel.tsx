// On an operator's battle page: a battle played in the browser watched live (read-only, the same
// snapshots its players get) or, once it ended, replayed from its recorded inputs.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { BattleScreen } from "./BattleScreen.tsx";

interface Arena {
  arena: {
    host: string;
    heartbeatAt: number;
    live: boolean;
    recorded: boolean;
    outcome: { winner: number; reason: string; tick: number } | null;
    map: string;
    seats: number;
  } | null;
}

export function ArenaPanel({ battleId }: { battleId: string }) {
  const state = useApi<Arena>(`/admin/battles/${battleId}/arena`);
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
          source={{ kind: "live", url: `${a.host}/admin/battles/${battleId}/watch`, drive: false }}
          onEnd={() => state.reload()}
        />
      )}
      {mode === "replay" && (
        <BattleScreen key={run} source={{ kind: "replay", url: `/admin/battles/${battleId}/replay` }} />
      )}
    </section>
  );
}
