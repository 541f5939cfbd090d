// Playwright runs the journeys in Debian's Chromium (never a downloaded browser); each spec
// starts its own server on a fresh data directory.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "./output",
  workers: 1,
  retries: 1,
  timeout: 120_000,
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
});
