// Every area's screens. An area adds one import and one spread here (see ui/README.md).
import type { ScreenDef } from "./registry.ts";

export const screens: ScreenDef[] = [];
