// The ports the app needs. Each edge/ entry builds them for its runtime and calls createApp.
import type { Client } from "@libsql/client";
import type { Db } from "./db/index.ts";
import type { Warehouse } from "../warehouse/port.ts";
import type { WarehouseStatus } from "../warehouse/supervisor.ts";
import type { Context } from "hono";

/** The open end of a WebSocket, as a session writes to it. */
export interface SocketPeer {
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

/**
 * What a WebSocket does once upgraded, whatever runtime carries it (Web-standard data): a battle's
 * room reads 20 inputs a second from each of its players through `message`, so a runtime calls it
 * with the frame as it came, nothing built around it.
 */
export interface SocketSession {
  open(peer: SocketPeer): void;
  message(data: string | ArrayBuffer | Uint8Array): void;
  close(): void;
}

/** Upgrades the request to a WebSocket run by `session`; undefined when it is not an upgrade. */
export type SocketUpgrade = (
  c: Context,
  session: SocketSession,
) => Promise<Response | undefined> | Response | undefined;

export interface Clock {
  now(): number; // epoch milliseconds
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

/** Secrets and settings read once at the edge and passed in; handlers never read env. */
export interface Settings {
  /** Public origin of the site, e.g. https://tankodrome.example; used in mails and provider return URLs. */
  publicUrl: string;
  /** True when served over plain http on localhost: cookies then drop the Secure flag. */
  insecureCookies: boolean;
  /**
   * This instance's own origin as the other instances reach it, when several share one store: the
   * battles it owns are at this address in the store, and a player's socket that reached another
   * instance is proxied here. Unset = a single instance (every player reaches this one).
   */
  instanceUrl?: string;
  /** Extra secrets by name (payment providers, session pepper, …). */
  secrets: Record<string, string | undefined>;
  /**
   * Check every answer against its route's contract (api/contracts/) and fail loudly (a 500 and
   * the log) when it does not fit: the test fixture and the e2e servers turn it on
   * (TK_CHECK_OUTPUTS=1); off in production, where an answer is only serialised.
   */
  checkOutputs?: boolean;
}

/** Serves the built UI (index.html assets) — Bun/Deno read ui/dist, Workers use the ASSETS binding. */
export interface AssetServer {
  fetch(request: Request): Promise<Response | null>;
  /** Names of the entry scripts and styles for the HTML shell. */
  entries(): { scripts: string[]; styles: string[] };
  /**
   * The server's render of a first page (the landing, the hangar: ui/ssr.tsx, built to
   * ui/ssr-dist/ssr.js): the markup inside #root as a stream. Absent: pages are the bare shell.
   */
  render?(page: SsrPage, onError: (error: unknown) => void): Promise<ReadableStream<Uint8Array>>;
}

/** What the server's renderer needs of a page (ui/ssr.tsx's SsrPage). */
export interface SsrPage {
  path: string;
  search: string;
  locale: "ru" | "en";
  csrf: string;
  data: Record<string, unknown>;
  texts: Record<string, unknown>;
}

export interface Deps {
  db: Db;
  /** The raw libSQL client, for PRAGMAs and the outbox shipper's bulk reads. */
  client: Client;
  warehouse: Warehouse;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  settings: Settings;
  assets?: AssetServer;
  /**
   * Upgrades a request to a WebSocket run by a session (edge/bun.ts: Bun's own socket handlers;
   * edge/deno.ts: Hono's helper); the battles played in the browser need it. Absent on Workers,
   * where a battle is a Durable Object.
   */
  sockets?: SocketUpgrade;
  /**
   * Opens a WebSocket to another instance with the given headers (the player's cookie): a battle's
   * socket that reached the wrong instance is proxied to its owner (edge/bun.ts gives Bun's client).
   */
  dialOwner?: (url: string, headers: Record<string, string>) => WebSocket;
  /** On Workers: hands a battle's WebSocket request to the battle's Durable Object. */
  battleObjects?: { fetch(battleId: number, request: Request, playerId: number | null): Promise<Response> };
  /** The warehouse's state for operators (start page, /healthz) where the edge supervises it (edge/boot.ts). */
  warehouseStatus?: () => WarehouseStatus;
  /** Called after a transaction that wrote outbox rows, so the shipper can run soon. */
  onOutbox?: () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

export const consoleLogger: Logger = {
  info: (msg, data) => console.log(JSON.stringify({ level: "info", msg, ...data })),
  warn: (msg, data) => console.warn(JSON.stringify({ level: "warn", msg, ...data })),
  error: (msg, data) => console.error(JSON.stringify({ level: "error", msg, ...data })),
};
