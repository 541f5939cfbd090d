// A screen of the UI: its address (a wouter pattern), its shell, where it sits in the admin's
// sidebar, its title in ru and en, and a loader, so an area's code is fetched only when shown.
import type { ComponentType } from "react";
import { i18n, type MessageDescriptor } from "@lingui/core";

export type NavGroup = "system" | "players" | "clansBattles" | "content" | "billing" | "metrics";

export interface ScreenDef {
  path: string;
  shell: "admin" | "public";
  /** Admin sidebar group; absent = not in the sidebar (e.g. a detail page). */
  group?: NavGroup;
  /** msg`Tanks` (lingui; the area's catalogue holds ru). */
  title: MessageDescriptor;
  /** The address the sidebar links to, when the pattern has parameters. */
  href?: string;
  load: () => Promise<{ default: ComponentType<{ params: Record<string, string | undefined> }> }>;
  /**
   * The screen always draws its own <h1> (the landing, the hangar): the shell draws none for it,
   * so a page the server renders (ui/ssr.tsx) has one heading before any script runs.
   */
  ownHeading?: true;
}

/** A screen's title in the page's locale. */
export const screenTitle = (s: ScreenDef): string => i18n._(s.title);

let listed: readonly ScreenDef[] = [];
/**
 * The screen list, for code below the screens that reads it (the admin log reads a path action
 * against the screen it belongs to): ui/areas/index.ts lists its screens here once, when loaded.
 * A screen's own code never imports ui/areas/index.ts, whose loaders import the screens (a cycle).
 */
export function listScreens(screens: readonly ScreenDef[]): void {
  listed = screens;
}
/** The screens ui/areas/index.ts listed (none before it is loaded: the shells load it first). */
export const listedScreens = (): readonly ScreenDef[] => listed;
