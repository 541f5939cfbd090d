// How every screen talks to the server: JSON with the session cookie, the CSRF token on
// changes, and the server's error shape turned into an ApiError with its field messages.
import { useCallback, useEffect, useState } from "react";
import { type Contract, type InputOf, type OutputOf, requestOf } from "../../api/contracts/contract.ts";
import { dropInitialData, initialData, pageCsrf } from "./page.ts";

export function csrfToken(): string {
  return pageCsrf();
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

let fieldNamer: ((path: string) => string) | null = null;
/** How a shell names a field path in words ("prices.0.amount" → "Prices · row 1 · Amount"); an error's message then names its fields. */
export function nameFieldsWith(namer: (path: string) => string) {
  fieldNamer = namer;
}
/** A field path in the shell's words, or null where the shell names no fields (the player site). */
export const fieldName = (path: string): string | null => (fieldNamer ? fieldNamer(path) : null);

// GETs of one address in flight at the same time share one request (the shell and a screen
// often ask for the same data as a page opens).
const inflight = new Map<string, Promise<unknown>>();

/** A call's input: optional when the contract needs nothing. */
type Args<C extends Contract> = object extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>];

/**
 * Calls a route through its contract (api/contracts/): the method and address come from the
 * contract, the input fills the path's parameters and goes as the query string (GET) or the JSON
 * body, and the answer is typed as the contract's output.
 *
 *     const board = await api(profile.rating, { board: "players", by: "rating", page: 1 });
 */
export function api<C extends Contract>(contract: C, ...args: Args<C>): Promise<OutputOf<C>>;
export function api(target: Contract, a?: unknown): Promise<unknown> {
  return send(requestFor(target, a));
}

/** What a call sends: the contract's request. */
interface Sent {
  url: string;
  method?: string;
  body?: unknown;
}
const requestFor = (target: Contract, a: unknown): Sent => requestOf(target, (a ?? {}) as Record<string, unknown>);

/**
 * A route that answers any method (a page, ANY in routes.tsv) and changes something when posted to
 * (the profile's edit, the sign-in): its POST, as a contract to call.
 */
export const posting = <C extends Contract>(contract: C): C => ({ ...contract, method: "POST", mutates: true });

/**
 * A contract at an address named at run time: the generic content screens call every area's routes
 * at the addresses its description gives (api/contracts/admin/resources.ts, `anyAreaPage` …), typed
 * by the contract.
 */
export const at = <C extends Contract>(contract: C, address: string): C => ({ ...contract, path: address });

/** The address of a call (a link, a download, an EventSource): path parameters filled, the rest as the query string. */
export const href = <C extends Contract>(contract: C, ...[input]: Args<C>): string =>
  requestOf({ ...contract, method: "GET" }, input as Record<string, unknown>).url;

/**
 * Sends a body the server validates itself — a form's text as typed, a file's JSON — to a
 * contract's address (its method: POST for a change), typed by its output: the server's field
 * messages name what it refuses, and the answer is the contract's.
 */
export function sendRaw<C extends Contract>(contract: C, body: Record<string, unknown>): Promise<OutputOf<C>> {
  const r = requestOf(contract, body);
  return request(r.url, r.method === "GET" ? {} : r);
}

/** Sends a form (a file upload) to a contract's address as multipart, typed by its output. */
export function sendForm<C extends Contract>(contract: C, form: FormData): Promise<OutputOf<C>> {
  return request(requestOf({ ...contract, method: "GET" }).url, { method: "POST", body: form });
}

function send<T>(r: Sent): Promise<T> {
  if ((r.method ?? "GET") !== "GET" || r.body !== undefined) return request<T>(r.url, r);
  let pending = inflight.get(r.url);
  if (!pending) {
    pending = request<T>(r.url, r).finally(() => inflight.delete(r.url));
    inflight.set(r.url, pending);
  }
  return pending as Promise<T>;
}

async function request<T>(url: string, opts: { method?: string; body?: unknown }): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? "GET" : "POST");
  const isForm = typeof FormData !== "undefined" && opts.body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(method === "GET" ? {} : { "x-csrf-token": csrfToken() }),
      ...(opts.body === undefined || isForm ? {} : { "content-type": "application/json" }),
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  const data = res.headers.get("content-type")?.includes("json") ? await res.json().catch(() => null) : null;
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
    const fields = e?.fields ?? {};
    const message = e?.message ?? `HTTP ${res.status}`;
    // A refusal of fields says which (a notice shown away from the form still names them).
    const named =
      fieldNamer && Object.keys(fields).length
        ? `${message} ${Object.entries(fields)
            .map(([k, m]) => `${fieldNamer!(k)}: ${m}`)
            .join(" ")}`
        : message;
    throw new ApiError(res.status, e?.code ?? "http", named, fields);
  }
  return data as T;
}

export interface Loaded<T> {
  data?: T;
  error?: ApiError;
  loading: boolean;
  reload(): void;
}

/**
 * Loads a URL (null = nothing yet) and reloads on demand; keeps the last data while reloading.
 * `loading` is true from the very render in which the URL changes (not only once the effect has
 * run), so a screen never shows the previous address's data as settled — e.g. a list's pager
 * reading the unfiltered total as the filtered one.
 */
export function useApi<C extends Contract>(contract: C, input: InputOf<C> | null): Loaded<OutputOf<C>>;
export function useApi<T>(target: Contract, input?: unknown): Loaded<T> {
  // A call is keyed by its request: a GET by its address, a POST by its body too.
  const r = input === null ? null : requestFor(target, input);
  const url = r && (r.body === undefined ? r.url : `${r.url} ${JSON.stringify(r.body)}`);
  // A page the server rendered (ui/ssr.tsx) came with its data (a GET's, by its address): the
  // first render uses it, as the server's did, and the first effect asks for nothing.
  const [state, setState] = useState<{
    url: string | null;
    data?: T;
    error?: ApiError;
    loading: boolean;
    given?: boolean;
  }>(() => {
    const given = url && r?.body === undefined ? initialData<T>(url) : undefined;
    return given === undefined ? { url, loading: !!url } : { url, data: given, loading: false, given: true };
  });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!url) return;
    if (state.given && state.url === url && nonce === 0) return dropInitialData(url);
    let live = true;
    setState((s) => ({ ...s, url, loading: true, error: undefined }));
    send<T>(r!).then(
      (data) => live && setState({ url, data, loading: false }),
      (error: ApiError) => live && setState((s) => ({ ...s, url, error, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [url, nonce]);
  const current = state.url === url;
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return {
    data: state.data,
    error: current ? state.error : undefined,
    loading: current ? state.loading : !!url,
    reload,
  };
}

/**
 * useApi with fields the server validates itself (a form's text as typed: a date, a number being
 * typed), so a refusal comes back in the server's words; the answer is typed by the contract.
 */
export function useApiRaw<C extends Contract>(
  contract: C,
  fields: Record<string, unknown> | null,
): Loaded<OutputOf<C>> {
  // The fields are sent as they are (requestOf reads any object): only their type is the caller's.
  return useApi(contract, fields as InputOf<C> | null);
}
