// Each area's part of the demo world, run in this order after the players are registered.
// A step (in its area, e.g. api/domain/clans.ts): import type { WorldStep } from "<…>/db/demo.ts"; export const clansStep: WorldStep = async ({ db, r, playerIds, opts }) => { … }
import type { WorldStep } from "../demo.ts";
import { billingStep } from "../../billing/demo.ts";
import { demoAdminStep } from "../../identity/seed.ts";
import { contentStep } from "../../domain/content.ts";
import { cmsStep } from "../../domain/cms.ts";
import { supportStep } from "../../domain/support.ts";
import { clansStep } from "../../domain/clans.ts";
import { systemStep } from "./system.ts";
import { battlesStep } from "./battles.ts";
import { shopStep, giftsStep, transfersStep, crewHiresStep } from "./economy.ts";
import { offersStep } from "./offers.ts";
import { avatarsStep } from "./avatars.ts";
import { notificationsStep } from "./notifications.ts";
import { experimentsStep } from "./experiments.ts";
import { adsStep } from "./ads.ts";
import { progressionStep } from "./progression.ts";
import { communityStep } from "./community.ts";
import { bansStep, noGoldCaseStep } from "./support.ts";
import { liveopsStep } from "./liveops.ts";

export const worldSteps: WorldStep[] = [
  contentStep,
  demoAdminStep,
  billingStep,
  cmsStep,
  supportStep,
  noGoldCaseStep,
  clansStep,
  systemStep,
  progressionStep,
  battlesStep,
  crewHiresStep,
  shopStep,
  giftsStep,
  transfersStep,
  offersStep,
  liveopsStep,
  avatarsStep,
  experimentsStep,
  adsStep,
  notificationsStep,
  communityStep,
  bansStep,
];
