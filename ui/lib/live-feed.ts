// A live feed: a server-sent event stream followed while a screen shows it. The stream's events
// are typed by the map its server code exports (FeedEvents of api/http/feed.ts: BanLogEvents,
// PaymentEvents…), so a handler gets its event's data as the server writes it. The browser's
// EventSource reconnects by itself and resumes from Last-Event-ID.
import { useEffect, useRef, useState } from "react";
import type { FeedEvents } from "../../api/http/feed.ts";

/** A handler per event of the map (each optional), given the event's data (JSON parsed). */
export type FeedHandlers<E extends FeedEvents> = { [K in keyof E & string]?: (data: E[K]) => void };

/**
 * Follows `url` (null: not yet) while mounted, or again when `url` or `restart` changes; each
 * event's handler is the latest one given. Answers whether the stream is open.
 */
export function useLiveFeed<E extends FeedEvents>(url: string | null, on: FeedHandlers<E>, restart?: unknown): boolean {
  const [open, setOpen] = useState(false);
  const handlers = useRef(on);
  handlers.current = on;
  // The events subscribed to: the handlers' names when the stream opens.
  const names = Object.keys(on).sort().join(",");
  // restart is a caller's "follow again" key (hook dependencies are not linted: docs/decisions/lint.md).
  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url);
    source.onopen = () => setOpen(true);
    source.onerror = () => setOpen(false);
    for (const name of names.split(",").filter(Boolean))
      source.addEventListener(name, (e) => {
        const raw = (e as MessageEvent<string>).data;
        handlers.current[name]?.(raw ? JSON.parse(raw) : undefined);
      });
    return () => {
      source.close();
      setOpen(false);
    };
  }, [url, names, restart]);
  return open;
}
