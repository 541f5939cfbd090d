import type { Context, ErrorHandler, Next } from "hono";
import type { Result, Router } from "hono/router";
import type { H, RouterRoute } from "hono/types";
import { TrieRouter } from "hono/router/trie-router";

// Hono answers a request whose route matched one handler with a direct, synchronous call; with
// more (our app-wide middleware, an area's middleware, the route, its 405 sibling) it runs them
// through its compose, where every layer is an async function and every request pays a chain of
// promises — under load the larger part of the app's cost on a short read (bench/api-read.ts).
// This router hands Hono one handler per match: the matched handlers folded into a chain with
// compose's very semantics (order, next(), an error answered at the layer that threw so the
// layers above still see a response) that stays synchronous for as long as its handlers are.
// One difference: every handler of the chain sees the route's parameters, where compose shows a
// wildcard middleware none (folding-router.test.ts).

type Handler = (c: Context, next: Next) => unknown;
/** What Hono registers in its router: the handler and its route record. */
type Entry = [H, RouterRoute];
type Match = [Entry, Record<string, string>];

interface FoldNode {
  next: Map<Entry, FoldNode>;
  folded?: Entry;
}

export class FoldingRouter implements Router<Entry> {
  readonly name = "FoldingRouter";
  private readonly inner = new TrieRouter<Entry>();
  private readonly folds: FoldNode = { next: new Map() };

  /** errorHandler: the app's onError, read when a request fails (it is set after the router is made). */
  constructor(private readonly errorHandler: () => ErrorHandler) {}

  add(method: string, path: string, handler: Entry) {
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<Entry> {
    const result = this.inner.match(method, path) as [Match[]];
    const matches = result[0];
    if (matches.length < 2) return result;
    // The same handlers in the same order fold once; a request only walks the cache.
    let node = this.folds;
    for (const [entry] of matches) {
      let child = node.next.get(entry);
      if (!child) node.next.set(entry, (child = { next: new Map() }));
      node = child;
    }
    node.folded ??= [fold(matches.map(([entry]) => entry[0] as Handler), this.errorHandler) as H, matches[matches.length - 1][0][1]];
    return [[[node.folded, paramsOf(matches)]]];
  }
}

/**
 * The path's parameters, for every handler of the chain. A middleware's wildcard has none of its
 * own, so this is nearly always the route's object as the router made it; two handlers with
 * parameters of their own (one path matching two patterns) see them merged.
 */
function paramsOf(matches: Match[]): Record<string, string> {
  let params: Record<string, string> | undefined;
  for (const [, p] of matches) {
    for (const _ in p) {
      params = params ? { ...params, ...p } : p;
      break;
    }
  }
  return params ?? matches[0][1];
}

/**
 * Hono's compose (hono/dist/compose.js) without an await where nothing is pending: a handler
 * that answers at once is answered at once, a promise is awaited only where one is returned.
 */
function fold(handlers: Handler[], errorHandler: () => ErrorHandler): Handler {
  return (c, last) => {
    let index = -1;
    const settle = (res: unknown, isError: boolean) => {
      if (res && (c.finalized === false || isError)) c.res = res as Response;
      return c;
    };
    const fail = (err: unknown): Context | Promise<Context> => {
      if (!(err instanceof Error)) throw err;
      c.error = err;
      const res = errorHandler()(err, c);
      return res instanceof Promise ? res.then((r) => settle(r, true)) : settle(res, true);
    };
    const dispatch = (i: number): Context | Promise<Context> => {
      if (i <= index) throw new Error("next() called multiple times");
      index = i;
      const handler = i < handlers.length ? handlers[i] : last;
      let res: unknown;
      try {
        res = handler(c, (() => dispatch(i + 1)) as unknown as Next);
      } catch (err) {
        return fail(err);
      }
      return res instanceof Promise ? res.then((r) => settle(r, false), fail) : settle(res, false);
    };
    const done = dispatch(0);
    return done instanceof Promise ? done.then(() => (c.finalized ? c.res : undefined)) : c.finalized ? c.res : undefined;
  };
}
