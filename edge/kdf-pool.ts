// Argon2id off the event loop on Bun and Deno: a small pool of Web Workers (edge/kdf-worker.ts)
// behind the port api/domain/password.ts hashes through (Argon2Port). Each hash costs ~0.25 s
// of CPU; run on the event loop, a burst of 60 sign-ins held every other request for seconds.
// The pool leaves a core to the event loop: cores − 1 workers, at least one. And the workers run
// below the event loop's priority (Linux nice +19, on Bun; edge/kdf-worker.ts): a core the
// requests want goes to them first, and hashing takes what they leave, so a burst of sign-ins
// slows the sign-ins, not every read (bench/signin-burst.ts).
import type { Argon2Port } from "../api/domain/password.ts";

interface Pending {
  resolve(hash: Uint8Array): void;
  reject(e: Error): void;
}

export interface KdfPool extends Argon2Port {
  close(): void;
  /** The nice value each worker runs at (null: the process's own, not lowered). */
  priorities(): Promise<(number | null)[]>;
}

/** How many nice steps below the event loop the workers run (Linux: 0–19, capped at 19). */
export const KDF_NICE = 19;

export function createKdfPool(
  size = Math.max(1, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1),
  opts: { nice?: number } = {},
): KdfPool {
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL("./kdf-worker.ts", import.meta.url).href, { type: "module" });
    let niced!: (n: number | null) => void;
    const slot = {
      worker,
      busy: 0,
      pending: new Map<number, Pending>(),
      nice: new Promise<number | null>((r) => (niced = r)),
    };
    worker.postMessage({ nice: opts.nice ?? KDF_NICE });
    worker.onmessage = (
      e: MessageEvent<{ id: number; hash?: Uint8Array; error?: string } | { nice: number | null }>,
    ) => {
      if (!("id" in e.data)) return niced(e.data.nice);
      const p = slot.pending.get(e.data.id);
      if (!p) return;
      slot.pending.delete(e.data.id);
      slot.busy--;
      if (e.data.hash) p.resolve(new Uint8Array(e.data.hash));
      else p.reject(new Error(e.data.error ?? "password hashing failed"));
    };
    worker.onerror = (e) => {
      niced(null);
      for (const p of slot.pending.values())
        p.reject(new Error(`password worker failed: ${(e as ErrorEvent).message ?? e}`));
      slot.busy -= slot.pending.size;
      slot.pending.clear();
    };
    return slot;
  });
  // The workers must not keep a process alive that is otherwise done (CLIs, tests).
  for (const { worker } of workers) (worker as unknown as { unref?: () => void }).unref?.();
  let next = 0;
  return {
    argon2id(password, salt, cost, hashLength) {
      // The least busy worker takes the job; each works through its own queue in order.
      const slot = workers.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = ++next;
      slot.busy++;
      return new Promise<Uint8Array>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, password, salt, cost, hashLength });
      });
    },
    priorities() {
      return Promise.all(workers.map((w) => w.nice));
    },
    close() {
      for (const { worker, pending } of workers) {
        for (const p of pending.values()) p.reject(new Error("password workers closed"));
        worker.terminate();
      }
    },
  };
}
