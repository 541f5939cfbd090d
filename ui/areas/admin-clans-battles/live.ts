// The battles' live stream (/admin/battles/stream/battles, SSE following battle_events by id):
// calls `onChange` (at most twice a second) when a battle starts, a result arrives, a battle ends
// or is stopped; `battleId` narrows it to one battle. The browser's EventSource reconnects and
// resumes from Last-Event-ID. Answers whether the stream is connected.
import { useEffect, useRef, useState } from "react";

export function useBattlesLive(onChange: () => void, battleId?: string): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const es = new EventSource(
      `/admin/battles/stream/battles${battleId ? `?battleId=${encodeURIComponent(battleId)}` : ""}`,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    es.onopen = () => setConnected(true);
    es.onerror = () => setConnected(false);
    es.addEventListener("battle", () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        latest.current();
      }, 500);
    });
    return () => {
      clearTimeout(timer);
      es.close();
    };
  }, [battleId]);
  return connected;
}
