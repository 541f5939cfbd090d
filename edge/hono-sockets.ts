// A runtime whose WebSockets come through Hono's helper (hono/deno) runs a socket session
// (api/deps.ts) through it: Hono's events carry the frames to the session.
import type { UpgradeWebSocket, WSContext } from "hono/ws";
import type { SocketPeer, SocketUpgrade } from "../api/deps.ts";

const peerOf = (ws: WSContext): SocketPeer => ({
  send: (d) => ws.send(d),
  close: (code, reason) => ws.close(code, reason),
});

export function honoSockets(upgradeWebSocket: UpgradeWebSocket): SocketUpgrade {
  return async (c, session) =>
    (await upgradeWebSocket(() => ({
      onOpen: (_e, ws) => session.open(peerOf(ws)),
      onMessage: (e) => {
        const data: unknown = e.data;
        if (typeof data === "string" || data instanceof ArrayBuffer || data instanceof Uint8Array)
          session.message(data);
      },
      onClose: () => session.close(),
    }))(c, async () => {})) ?? undefined;
}
