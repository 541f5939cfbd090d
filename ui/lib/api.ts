// How every screen talks to the server: JSON with the session cookie, the CSRF token on
// changes, and the server's error shape turned into an ApiError with its field messages.
import { useCallback, useEffect, useState } from "react";

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="tk-csrf"]')?.content ?? "";
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

export function api<T>(url: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  if ((opts.method ?? "GET") !== "GET" || opts.body !== undefined) return request<T>(url, opts);
  let pending = inflight.get(url);
  if (!pending) {
    pending = request<T>(url, opts).finally(() => inflight.delete(url));
    inflight.set(url, pending);
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
export function useApi<T>(url: string | null): Loaded<T> {
  const [state, setState] = useState<{ url: string | null; data?: T; error?: ApiError; loading: boolean }>({
    url,
    loading: !!url,
  });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!url) return;
    let live = true;
    setState((s) => ({ ...s, url, loading: true, error: undefined }));
    api<T>(url).then(
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
