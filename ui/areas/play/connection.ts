// A battle's WebSocket that comes back by itself. A battle outlives its server process (another
// instance, or the restarted one, takes it over from its log: docs/decisions/battle-server.md), so a
// dropped socket is opened again: at once (or after the wait the server named) when the server said
// `moving`, else after 250 ms doubling up to 2 s. Every text frame is read through the room
// contract (decodeServer). A `hello` makes the link live again; an `end` closes it for good (a
// battle that ended while the page was away answers its end on connect). A link with no hello for
// GIVE_UP_MS gives up ("gone"); so does one whose battle the page's check says is over.
import { decodeServer, type ServerMessage } from "../../../api/game/arena/contract.ts";

export type Link = "connecting" | "live" | "lost" | "gone";

/** How long the page keeps trying without a hello before it gives up and says so. */
export const GIVE_UP_MS = 20_000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;

export interface ConnectionEvents {
  message(m: ServerMessage): void;
  binary(bytes: Uint8Array, ws: WebSocket): void;
  link(state: Link, why?: "over" | "unreachable"): void;
  /**
   * Asked after every third failed attempt in a row: is the battle still running? "over" gives up at
   * once (the page shows what happened), "running" or "unknown" keeps trying.
   */
  check?(): Promise<"running" | "over" | "unknown">;
}

export class BattleConnection {
  private ws: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private ended = false;
  private failures = 0;
  private nextWait: number | null = null;
  private lastLive = performance.now();

  constructor(
    private readonly url: string,
    private readonly ev: ConnectionEvents,
    private readonly giveUpMs = GIVE_UP_MS,
  ) {
    this.open();
  }

  send(data: Uint8Array<ArrayBuffer> | string) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(data);
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  private open() {
    if (this.closed || this.ended) return;
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    let heard = false;
    ws.onmessage = (e) => {
      if (typeof e.data !== "string") return this.ev.binary(new Uint8Array(e.data as ArrayBuffer), ws);
      const m = decodeServer(e.data);
      if (!m) return;
      if (m.type === "hello") {
        heard = true;
        this.failures = 0;
        this.lastLive = performance.now();
        this.ev.link("live");
      } else if (m.type === "end") this.ended = true;
      else if (m.type === "moving") this.nextWait = m.retryMs;
      this.ev.message(m);
    };
    ws.onclose = () => {
      if (this.closed || this.ended || this.ws !== ws) return;
      if (heard) this.lastLive = performance.now();
      else this.failures++;
      void this.retry();
    };
  }

  private async retry() {
    if (performance.now() - this.lastLive > this.giveUpMs) return this.giveUp("unreachable");
    this.ev.link("lost");
    if (this.failures > 0 && this.failures % 3 === 0 && this.ev.check) {
      const state = await this.ev.check().catch(() => "unknown" as const);
      if (state === "over") return this.giveUp("over");
    }
    if (this.closed) return;
    const wait = this.nextWait ?? Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, this.failures - 1));
    this.nextWait = null;
    this.timer = setTimeout(() => this.open(), wait);
  }

  private giveUp(why: "over" | "unreachable") {
    this.closed = true;
    this.ev.link("gone", why);
  }
}
