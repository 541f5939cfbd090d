// act: the one way a button outside a form runs a call — a success notice and what follows, or the
// refusal's message as an error notice, and never a throw.
import { describe, test, expect } from "bun:test";
import { act, failureText } from "./action.ts";
import { ApiError } from "./api.ts";
import { onToasts, type ToastItem } from "./toast.ts";

function notices() {
  const seen: ToastItem[][] = [];
  const stop = onToasts((items) => seen.push(items));
  return { last: () => seen.at(-1) ?? [], stop };
}

describe("act", () => {
  test("done: the notice, then what follows with the answer", async () => {
    const n = notices();
    const got: number[] = [];
    const ok = await act(
      async () => 7,
      (r) => `stopped ${r}`,
      (r) => got.push(r),
    );
    expect(ok).toBe(true);
    expect(got).toEqual([7]);
    expect(n.last().map((x) => [x.kind, x.text])).toContainEqual(["ok", "stopped 7"]);
    n.stop();
  });

  test("refused: the server's message as an error notice, nothing follows, no throw", async () => {
    const n = notices();
    let followed = false;
    const ok = await act(
      async () => {
        throw new ApiError(409, "conflict", "The battle has ended.");
      },
      "stopped",
      () => {
        followed = true;
      },
    );
    expect(ok).toBe(false);
    expect(followed).toBe(false);
    expect(n.last().map((x) => [x.kind, x.text])).toContainEqual(["error", "The battle has ended."]);
    expect(n.last().some((x) => x.text === "stopped")).toBe(false);
    n.stop();
  });

  test("null done: no notice on success, and the stale error notices go", async () => {
    const n = notices();
    await act(async () => {
      throw new ApiError(500, "http", "Refused before.");
    }, null);
    const oks = n.last().filter((x) => x.kind === "ok").length;
    expect(await act(async () => 1, null)).toBe(true);
    expect(n.last().filter((x) => x.kind === "ok").length).toBe(oks);
    expect(n.last().some((x) => x.kind === "error")).toBe(false);
    n.stop();
  });

  test("a network failure says the network's words", () => {
    expect(failureText(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    expect(failureText(new ApiError(400, "validation", "Check the fields."))).toBe("Check the fields.");
  });
});
