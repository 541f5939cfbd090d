// Argon2id off the event loop on Bun and Deno: a small pool of Web Workers (edge/kdf-worker.ts)
// behind the port api/identity/password.ts hashes through (Argon2Port). Each hash costs ~0.25 s
// of CPU; run on the event loop, a burst of 60 sign-ins held every other request for seconds.
// The pool leaves a core to the event loop: cores − 1 workers, at least one.
import type { Argon2Port } from "../api/identity/password.ts";

interface Pending {
  resolve(hash: Uint8Array): void;
  reject(e: Error): void;
}

export interface KdfPool extends Argon2Port {
  close(): void;
}

export function createKdfPool(size = Math.max(1, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1)): KdfPool {
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL("./kdf-worker.ts", import.meta.url).href, { type: "module" });
    const slot = { worker, busy: 0, pending: new Map<number, Pending>() };
    worker.onmessage = (e: MessageEvent<{ id: number; hash?: Uint8Array; error?: string }>) => {
      const p = slot.pending.get(e.data.id);
      if (!p) return;
      slot.pending.delete(e.data.id);
      slot.busy--;
      if (e.data.hash) p.resolve(new Uint8Array(e.data.hash));
      else p.reject(new Error(e.data.error ?? "password hashing failed"));
    };
    worker.onerror = (e) => {
      for (const p of slot.pending.values()) p.reject(new Error(`password worker failed: ${(e as ErrorEvent).message ?? e}`));
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
    close() {
      for (const { worker, pending } of workers) {
        for (const p of pending.values()) p.reject(new Error("password workers closed"));
        worker.terminate();
      }
    },
  };
}
