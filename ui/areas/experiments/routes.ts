// The experiments screens: the list with a form for a new experiment, and one experiment's
// control page (settings, conditions, variants, status, its players).
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  {
    path: "/admin/experiments/",
    shell: "admin",
    group: "content",
    title: msg`Experiments`,
    load: () => import("./ExperimentsPage.tsx"),
  },
  {
    path: "/admin/experiments/control/:id",
    shell: "admin",
    title: msg`Experiment`,
    load: () => import("./ExperimentControlPage.tsx"),
  },
];
