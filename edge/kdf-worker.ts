// The password KDF's worker (edge/kdf-pool.ts): Argon2id in WebAssembly off the event loop, so a
// burst of sign-ins does not stall every other request for ~0.25 s a hash.
import { argon2id } from "hash-wasm";

interface Job {
  id: number;
  password: string;
  salt: Uint8Array;
  cost: { m: number; t: number; p: number };
  hashLength: number;
}

/** The pool's first message: by how much to lower this thread's scheduling priority (nice steps). */
interface Init {
  nice: number;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Job | Init>) => void) | null;
  postMessage(m: unknown, transfer?: Transferable[]): void;
};

/**
 * Lowers this worker thread's priority (Linux's nice is per thread: setpriority(PRIO_PROCESS, 0)
 * names the calling thread), so the event loop and the requests it serves go first whenever they
 * want a core and a hash takes what they leave. Bun on Linux only; elsewhere the worker keeps the
 * process's priority. Answers the nice value now in force (null when not changed).
 */
async function lowerPriority(nice: number): Promise<number | null> {
  if (nice <= 0 || typeof Bun === "undefined" || process.platform !== "linux") return null;
  try {
    const { dlopen, FFIType } = await import("bun:ffi");
    const libc = dlopen("libc.so.6", {
      setpriority: { args: [FFIType.i32, FFIType.u32, FFIType.i32], returns: FFIType.i32 },
      getpriority: { args: [FFIType.i32, FFIType.u32], returns: FFIType.i32 },
    });
    // Relative to what the thread inherited (a server already started under `nice` goes lower still).
    const target = Math.min(19, libc.symbols.getpriority(0, 0) + nice);
    const done = libc.symbols.setpriority(0, 0, target) === 0 ? libc.symbols.getpriority(0, 0) : null;
    libc.close();
    return done;
  } catch {
    return null;
  }
}

scope.onmessage = async (e) => {
  if (!("id" in e.data)) {
    scope.postMessage({ nice: await lowerPriority(e.data.nice) });
    return;
  }
  const { id, password, salt, cost, hashLength } = e.data;
  try {
    const hash = await argon2id({
      password,
      salt,
      parallelism: cost.p,
      iterations: cost.t,
      memorySize: cost.m,
      hashLength,
      outputType: "binary",
    });
    scope.postMessage({ id, hash }, [hash.buffer]);
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
