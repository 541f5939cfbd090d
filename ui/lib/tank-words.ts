// A tank's nation, class and tier in words: the names every screen shows (never the raw "ussr",
// "td" or 6). Apart from the drawing (TankArt.tsx) so the back office's word table takes the names
// without the picture's code.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export type TankClass = "light" | "medium" | "heavy" | "td" | "spg";
export type Nation = "ussr" | "germany" | "usa" | "uk" | "france" | "japan" | "china";

export const NATIONS: Nation[] = ["ussr", "germany", "usa", "uk", "france", "japan", "china"];
export const CLASSES: TankClass[] = ["light", "medium", "heavy", "td", "spg"];
/** A nation's name, for every screen that shows one (never the raw "ussr"). */
export const NATION_NAMES: Record<Nation, MessageDescriptor> = {
  ussr: msg`USSR`,
  germany: msg`Germany`,
  usa: msg`USA`,
  uk: msg`UK`,
  france: msg`France`,
  japan: msg`Japan`,
  china: msg`China`,
};
/** A tank class's name (never the raw "td"). */
export const CLASS_NAMES: Record<TankClass, MessageDescriptor> = {
  light: msg({ message: "Light", context: "tank class" }),
  medium: msg({ message: "Medium", context: "tank class" }),
  heavy: msg({ message: "Heavy", context: "tank class" }),
  td: msg({ message: "Tank destroyer", context: "tank class" }),
  spg: msg({ message: "SPG", context: "tank class" }),
};
/** Tank tiers are written in Roman numerals, as in the game. */
export const romanTier = (n: number): string =>
  ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"][n] ?? String(n);
