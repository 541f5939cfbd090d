// The battles' live stream (/admin/battles/stream/battles, SSE following battle_events by id):
// calls `onChange` (at most twice a second) when a battle starts, a result arrives, a battle ends
// or is stopped; `battleId` narrows it to one battle. Answers whether the stream is connected.
import { useEffect, useRef } from "react";
import type { BattleEvents } from "../../../api/domain/battles-admin.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";

export function useBattlesLive(onChange: () => void, battleId?: string): boolean {
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useLiveFeed<BattleEvents>(
    `/admin/battles/stream/battles${battleId ? `?battleId=${encodeURIComponent(battleId)}` : ""}`,
    {
      battle: () => {
        timer.current ??= setTimeout(() => {
          timer.current = undefined;
          latest.current();
        }, 500);
      },
    },
  );
}
