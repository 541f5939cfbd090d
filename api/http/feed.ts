// A live feed as server-sent events (payments, feedback, ban log, player log): poll the
// store (so any instance can serve it), send what is new, a ping each idle second, and end after
// 10 minutes (the browser's EventSource reconnects, resuming from Last-Event-ID).
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { HonoEnv } from "./env.ts";

/**
 * A feed's events: each event's name with the data it carries. A feed exports its map as a type
 * (BanLogEvents, PaymentEvents…); the back office follows it with useLiveFeed (ui/lib/live-feed.ts)
 * typed by the same map, so a renamed field fails tsc on both sides.
 */
export type FeedEvents = Record<string, unknown>;

/** One message of a feed: an event of the map with its data. */
export type FeedMessage<E extends FeedEvents = FeedEvents> = {
  [K in keyof E & string]: { id: string; event: K; data: E[K] };
}[keyof E & string];

/** Where a feed resumes: the browser's Last-Event-ID on a reconnect, else the `after` it asked for. */
export function resumeId(c: Context<HonoEnv>, after: number | undefined): number | undefined {
  const resume = Number(c.req.header("last-event-id"));
  return Number.isSafeInteger(resume) && resume > 0 ? resume : after;
}

/** `next()` answers the messages written since the last call (it keeps its own cursor). */
export function pollFeed<E extends FeedEvents>(
  c: Context<HonoEnv>,
  next: () => Promise<FeedMessage<E>[]>,
  batch = 100,
) {
  return streamSSE(c, async (stream) => {
    let open = true;
    stream.onAbort(() => void (open = false));
    const deadline = Date.now() + 10 * 60_000;
    while (open && Date.now() < deadline) {
      const messages = await next();
      for (const m of messages) await stream.writeSSE({ id: m.id, event: m.event, data: JSON.stringify(m.data) });
      if (messages.length === 0) await stream.writeSSE({ event: "ping", data: "" });
      await stream.sleep(messages.length >= batch ? 0 : 1000);
    }
  });
}

/**
 * A feed following a table by its growing id (payments, feedback, ban log, battles): it resumes
 * from Last-Event-ID or `after`, else starts after the newest row (`backlog` rows before it, to
 * show a little history); each poll reads the rows after the last one sent (`read`: in id order,
 * at most 100), moves past them and answers their messages.
 */
export async function followById<E extends FeedEvents, R>(
  c: Context<HonoEnv>,
  after: number | undefined,
  o: {
    /** The newest row's id now (undefined: the table is empty). */
    newest: () => Promise<number | undefined>;
    backlog?: number;
    read: (after: number) => Promise<R[]>;
    id: (row: R) => number;
    messages: (rows: R[]) => FeedMessage<E>[] | Promise<FeedMessage<E>[]>;
  },
) {
  let last = resumeId(c, after) ?? Math.max(0, ((await o.newest()) ?? 0) - (o.backlog ?? 0));
  return pollFeed(c, async () => {
    const rows = await o.read(last);
    if (rows.length === 0) return [];
    last = o.id(rows[rows.length - 1]);
    return o.messages(rows);
  });
}
