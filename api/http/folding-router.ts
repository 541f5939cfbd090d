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

/**
 * What every path of one shape matches — the shape being the path with each all-digit segment
 * blanked ("/game/api/players/_", the blank a NUL in the key) — and where its parameters come from: the k-th digit segment
 * (fromDigits[k] names the parameter it fills, if any) or a constant of the shape.
 */
interface Shape {
  entry?: Entry;
  fromDigits: (string | undefined)[];
  constants: [string, string][];
}

// Digit segments of a shape's probe path: long enough to be told apart from anything else in it.
const SENTINEL = 9_000_000_001;
const MAX_SHAPES = 5000;
/** Longer paths are searched every time: the paths are the client's, the memo must stay small. */
const MAX_SHAPE_PATH = 256;

export class FoldingRouter implements Router<Entry> {
  readonly name = "FoldingRouter";
  private readonly inner = new TrieRouter<Entry>();
  private readonly folds: FoldNode = { next: new Map() };
  private readonly shapes = new Map<string, Shape | null>();
  /** Whether paths that differ only in their digit segments match alike (see digitBlind). */
  private byShape = true;

  /** errorHandler: the app's onError, read when a request fails (it is set after the router is made). */
  constructor(private readonly errorHandler: () => ErrorHandler) {}

  add(method: string, path: string, handler: Entry) {
    this.inner.add(method, path, handler);
    this.shapes.clear();
    if (!digitBlind(path)) this.byShape = false;
  }

  // A route table's search walks a trie and builds arrays and parameter objects as it goes: under
  // load, the most expensive step of a short request after the database's. Paths of one shape —
  // an id's every value — match the same handlers, so each shape is searched once.
  match(method: string, path: string): Result<Entry> {
    if (!this.byShape || path.length > MAX_SHAPE_PATH) return this.fold(this.inner.match(method, path) as [Match[]]);
    let digits: string[] | undefined;
    let key = "";
    let last = 0;
    for (let i = path.indexOf("/"); i >= 0 && i < path.length; i = path.indexOf("/", i + 1)) {
      let j = i + 1;
      while (j < path.length && path.charCodeAt(j) >= 48 && path.charCodeAt(j) <= 57) j++;
      if (j > i + 1 && (j === path.length || path.charCodeAt(j) === 47)) {
        key += `${path.slice(last, i + 1)}\0`;
        (digits ??= []).push(path.slice(i + 1, j));
        last = j;
      }
    }
    key = digits ? `${method} ${key}${path.slice(last)}` : `${method} ${path}`;
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      shape = this.shapeOf(method, path, digits);
      if (this.shapes.size >= MAX_SHAPES) this.shapes.clear();
      this.shapes.set(key, shape);
    }
    if (!shape) return this.fold(this.inner.match(method, path) as [Match[]]);
    if (!shape.entry) return [[]];
    const params: Record<string, string> = {};
    for (const [name, value] of shape.constants) params[name] = value;
    if (digits)
      for (let k = 0; k < digits.length; k++)
        if (shape.fromDigits[k] !== undefined) params[shape.fromDigits[k]!] = digits[k];
    return [[[shape.entry, params]]];
  }

  /** Searches a probe of the path's shape, each digit segment a distinct sentinel, to learn where its parameters come from. */
  private shapeOf(method: string, path: string, digits: string[] | undefined): Shape | null {
    const sentinels = (digits ?? []).map((_, k) => String(SENTINEL + k));
    let k = 0;
    const probe = digits ? path.replace(/(?<=\/)\d+(?=\/|$)/g, () => sentinels[k++]) : path;
    const [[match]] = this.fold(this.inner.match(method, probe) as [Match[]]) as [Match[]];
    const shape: Shape = { entry: match?.[0], fromDigits: [], constants: [] };
    for (const name in match?.[1] ?? {}) {
      const value = match[1][name];
      const at = sentinels.indexOf(value);
      if (at >= 0) shape.fromDigits[at] = name;
      else if (sentinels.some((s) => value.includes(s)))
        return null; // a parameter over several segments
      else shape.constants.push([name, value]);
    }
    return shape;
  }

  private fold(result: [Match[]]): Result<Entry> {
    const matches = result[0];
    if (matches.length < 2) return result;
    // The same handlers in the same order fold once; a request only walks the cache.
    let node = this.folds;
    for (const [entry] of matches) {
      let child = node.next.get(entry);
      if (!child) node.next.set(entry, (child = { next: new Map() }));
      node = child;
    }
    node.folded ??= [
      fold(
        matches.map(([entry]) => entry[0] as Handler),
        this.errorHandler,
      ) as H,
      matches[matches.length - 1][0][1],
    ];
    return [[[node.folded, paramsOf(matches)]]];
  }
}

/**
 * Whether a route's path treats every all-digit segment alike: no static segment of digits, and
 * each parameter's pattern accepting all digit strings or none. Otherwise the router searches
 * every path in full.
 */
function digitBlind(path: string): boolean {
  const samples = [
    "0",
    String(SENTINEL),
    ...Array.from({ length: 24 }, (_, n) => "1234567890".repeat(3).slice(0, n + 1)),
  ];
  for (const segment of path.split("/")) if (/^\d+$/.test(segment)) return false;
  for (const [, pattern] of path.matchAll(/:\w+\{((?:[^{}]|\{[^{}]*\})+)\}/g)) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${pattern})$`);
    } catch {
      return false;
    }
    const first = re.test(samples[0]);
    if (samples.some((d) => re.test(d) !== first)) return false;
  }
  return true;
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
    return done instanceof Promise
      ? done.then(() => (c.finalized ? c.res : undefined))
      : c.finalized
        ? c.res
        : undefined;
  };
}
