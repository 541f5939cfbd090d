// One reader of the chat's event sequence per instance, fanned out to every open stream on it.
// While anyone listens, the hub reads chat_events after its cursor every POLL_MS (so messages
// and moderations written by any instance arrive within that), and at once when this instance
// wrote one (poke). A stream that joins or resumes reads its own catch-up first and gets the
// hub's events after it, so nothing is lost or sent twice between the two.
import type { DbOrTx } from "../db/index.ts";
import { eventsAfter, lastEventId, type ChatEvent } from "./chat.ts";

export const POLL_MS = 100;
const BATCH = 500;

interface Sub {
  rooms: Set<string> | null;
  cursor: number;
  buffer: ChatEvent[] | null;
  listener: (events: ChatEvent[]) => void;
}

export class ChatHub {
  private last = -1;
  private readonly subs = new Set<Sub>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly db: DbOrTx,
    private readonly pollMs = POLL_MS,
  ) {}

  get listeners() {
    return this.subs.size;
  }

  /**
   * Follows the rooms (null: every room) after an event id (undefined: from now). The listener
   * gets events in id order; the answer unsubscribes.
   */
  async subscribe(
    rooms: string[] | null,
    after: number | undefined,
    listener: (events: ChatEvent[]) => void,
  ): Promise<() => void> {
    await this.start();
    const sub: Sub = { rooms: rooms ? new Set(rooms) : null, cursor: after ?? this.last, buffer: [], listener };
    this.subs.add(sub);
    try {
      // Catch up from the reader's own cursor; the hub's events meanwhile wait in the buffer.
      for (;;) {
        const batch = await eventsAfter(this.db, sub.cursor, BATCH, rooms ?? undefined);
        if (batch.length) {
          sub.cursor = batch[batch.length - 1].id;
          listener(batch);
        }
        if (batch.length < BATCH) break;
      }
      const pending = (sub.buffer ?? []).filter((e) => e.id > sub.cursor);
      sub.buffer = null;
      if (pending.length) {
        sub.cursor = pending[pending.length - 1].id;
        listener(pending);
      }
    } catch (err) {
      this.subs.delete(sub);
      throw err;
    }
    this.schedule();
    return () => {
      this.subs.delete(sub);
      if (this.subs.size === 0) this.stop();
    };
  }

  /** This instance wrote an event: read it now rather than at the next tick. */
  poke() {
    if (this.subs.size === 0) return;
    if (this.timer) clearTimeout(this.timer), (this.timer = null);
    void this.tick();
  }

  private async start() {
    if (this.last >= 0) return;
    this.starting ??= lastEventId(this.db).then((id) => {
      if (this.last < 0) this.last = id;
    });
    await this.starting;
    this.starting = null;
  }

  private schedule() {
    if (this.timer || this.running || this.subs.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, this.pollMs);
  }

  private stop() {
    if (this.timer) clearTimeout(this.timer), (this.timer = null);
  }

  private async tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          for (;;) {
            const batch = await eventsAfter(this.db, this.last, BATCH);
            if (batch.length === 0) break;
            this.last = batch[batch.length - 1].id;
            this.dispatch(batch);
            if (batch.length < BATCH) break;
          }
        } catch {
          // The store is unreachable for a moment: the next tick tries again from the same cursor.
        }
      } while (this.again);
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
      this.schedule();
    }
  }

  private dispatch(batch: ChatEvent[]) {
    for (const sub of this.subs) {
      const mine = batch.filter((e) => e.id > sub.cursor && (!sub.rooms || sub.rooms.has(e.room)));
      if (mine.length === 0) continue;
      if (sub.buffer) {
        sub.buffer.push(...mine);
        continue;
      }
      sub.cursor = mine[mine.length - 1].id;
      try {
        sub.listener(mine);
      } catch {
        this.subs.delete(sub);
      }
    }
  }
}

const hubs = new WeakMap<object, ChatHub>();

/** The instance's hub over a store. */
export function chatHub(db: DbOrTx): ChatHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new ChatHub(db)));
  return hub;
}
