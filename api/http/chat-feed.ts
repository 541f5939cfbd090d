// A chat stream as server-sent events: the instance's chat hub (domain/chat-hub.ts) hands it the
// rooms' events as they are written; each is shaped for the reader (or dropped).
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { HonoEnv } from "./env.ts";
import type { ChatEvent } from "../domain/chat.ts";
import { chatHub } from "../domain/chat-hub.ts";
import type { FeedEvents } from "./feed.ts";

/** An event of a chat feed's map, with its data (null: not for this reader). */
type Shaped<E extends FeedEvents> = { [K in keyof E & string]: { event: K; data: E[K] } }[keyof E & string] | null;

/**
 * A chat stream: the hub's events for the rooms, each shaped by `shape` (null: not for this
 * reader), a ping every 15 s, closed after 10 minutes (EventSource reconnects with Last-Event-ID).
 */
export function chatStream<E extends FeedEvents>(
  c: Context<HonoEnv>,
  rooms: string[] | null,
  after: number | undefined,
  shape: (e: ChatEvent) => Shaped<E>,
) {
  const db = c.var.deps.db;
  return streamSSE(c, async (stream) => {
    let open = true;
    const queue: ChatEvent[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = await chatHub(db).subscribe(rooms, after, (events) => {
      queue.push(...events);
      wake?.();
    });
    stream.onAbort(() => {
      open = false;
      wake?.();
    });
    const deadline = Date.now() + 10 * 60_000;
    try {
      // "ready": the stream is open; a reader now loads the history, so nothing falls between the two.
      await stream.writeSSE({ event: "ready", data: "" });
      while (open && Date.now() < deadline) {
        if (queue.length === 0) {
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, 15_000);
            wake = () => (clearTimeout(t), resolve());
          });
          wake = null;
        }
        const batch = queue.splice(0);
        if (batch.length === 0) await stream.writeSSE({ event: "ping", data: "" });
        for (const e of batch) {
          const out = shape(e);
          if (out) await stream.writeSSE({ id: String(e.id), event: out.event, data: JSON.stringify(out.data) });
        }
      }
    } finally {
      unsubscribe();
    }
  });
}
