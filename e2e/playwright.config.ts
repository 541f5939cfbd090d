// Playwright runs the journeys in Debian's Chromium (never a downloaded browser); each spec
// starts its own server on a fresh data directory, so two specs can run side by side: the
// journeys take both cores two at a time. The specs that measure time (first paint on slow 4G,
// key → move latency, a battle resumed within seconds, a battle played through) run in their
// own project, one at a time, after the journeys (`npm run e2e`): with nothing beside them, as their figures mean.
import { defineConfig } from "@playwright/test";

const TIMED = [
  "first-paint.spec.ts",
  "netcode.spec.ts",
  "battle.spec.ts",
  "battle-journey.spec.ts",
  "battle-restart.spec.ts",
];

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "./output",
  workers: 2,
  retries: 1,
  timeout: 120_000,
  // Two journeys share the two cores: a screen can take longer than the default 5 s to appear.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    screenshot: "on",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "journeys", testIgnore: TIMED, workers: 2 },
    // `npm run e2e` runs it second (package.json); a project dependency would also make a single
    // timed spec wait for every journey.
    { name: "timed", testMatch: TIMED, workers: 1 },
  ],
});
