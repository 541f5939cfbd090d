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

const scope = self as unknown as { onmessage: ((e: MessageEvent<Job>) => void) | null; postMessage(m: unknown, transfer?: Transferable[]): void };

scope.onmessage = async (e) => {
  const { id, password, salt, cost, hashLength } = e.data;
  try {
    const hash = await argon2id({ password, salt, parallelism: cost.p, iterations: cost.t, memorySize: cost.m, hashLength, outputType: "binary" });
    scope.postMessage({ id, hash }, [hash.buffer]);
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
