// Every area's tables; drizzle-kit reads this file (drizzle.config.ts) and so does the app.
export * from "./outbox.ts";
export * from "./players.ts";
export * from "./ledger.ts";
export * from "./access.ts";
export * from "./mail.ts";
export * from "./billing.ts";
export * from "./identity.ts";
export * from "./content.ts";
export * from "./cms.ts";
export * from "./clans.ts";
export * from "./social.ts";
export * from "./support.ts";
export * from "./inventory.ts";
export * from "./battles.ts";
export * from "./bans.ts";
export * from "./avatars.ts";
export * from "./offers.ts";
