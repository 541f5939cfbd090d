// Under tests (settings.checkOutputs, TK_CHECK_OUTPUTS=1), every answer of a route with a
// contract is checked against it, and one that does not fit fails loudly: the request answers
// 500 and the log names the route and what was wrong. JSON is checked as it goes over the wire
// (after JSON.stringify): the output schema must accept it, and must keep all of it — a field the
// schema does not name is a failure too (it would reach the client untyped). A Response the
// handler built must be of a kind the contract declares (html, file, stream, redirect, text).
import type { Context } from "hono";
import type { z } from "zod";
import type { AnswerKind, Contract } from "../contracts/contract.ts";
import type { HonoEnv } from "./env.ts";

/** An answer its contract does not allow: a defect of the server, never of the request. */
export class ContractViolation extends Error {
  override name = "ContractViolation";
}

export function checkAnswer(
  contract: Contract,
  c: Context<HonoEnv>,
  out: unknown,
  res: Response,
): Response | Promise<Response> {
  const where = `${c.req.method} ${contract.path} (answered for ${c.req.path})`;
  if (!(out instanceof Response)) {
    if (!contract.output) throw new ContractViolation(`${where}: returned data, but its contract declares no output`);
    checkJson(contract.output, out, where);
    return res;
  }
  // A WebSocket's upgrade answers no body (Bun takes the socket over): it is the route's stream.
  const kind = c.req.header("upgrade")?.toLowerCase() === "websocket" ? "stream" : kindOf(res);
  if (res.status >= 400) return res;
  if (kind === "json") {
    if (!contract.output) throw new ContractViolation(`${where}: answered JSON, but its contract declares no output`);
    return res
      .clone()
      .text()
      .then((text) => {
        checkJson(contract.output!, JSON.parse(text), where);
        return res;
      });
  }
  const allowed = contract.answers ?? [];
  if (!allowed.includes(kind) && !(kind === "text" && allowed.includes("file")))
    throw new ContractViolation(
      `${where}: answered ${kind} (${res.status} ${res.headers.get("content-type") ?? "no type"}), its contract allows ${
        [...(contract.output ? ["json"] : []), ...allowed].join(", ") || "nothing"
      }`,
    );
  return res;
}

function kindOf(res: Response): AnswerKind | "json" {
  if (res.status >= 300 && res.status < 400) return "redirect";
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return "json";
  if (type.includes("text/event-stream") || type.includes("ndjson")) return "stream";
  if (type.includes("text/html")) return "html";
  if (type.startsWith("text/plain")) return "text";
  return "file";
}

function checkJson(schema: z.ZodType, data: unknown, where: string) {
  const wire = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
  const result = schema.safeParse(wire);
  if (!result.success)
    throw new ContractViolation(
      `${where}: the answer does not fit its output schema: ${result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
        .join("; ")}`,
    );
  const extra = firstDifference(result.data, wire, "");
  if (extra !== null)
    throw new ContractViolation(`${where}: the answer carries ${extra}, which its output schema does not name`);
}

/** The first place where the answer holds more than what the schema kept, or null. */
function firstDifference(kept: unknown, sent: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const d = firstDifference(kept[i], sent[i], `${path}.${i}`);
      if (d) return d;
    }
    return null;
  }
  if (sent && typeof sent === "object" && kept && typeof kept === "object") {
    for (const key of Object.keys(sent)) {
      if (!(key in kept)) return `${(path ? `${path}.` : "") + key}`.replace(/^\./, "");
      const d = firstDifference(
        (kept as Record<string, unknown>)[key],
        (sent as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (d) return d;
    }
  }
  return null;
}
