// A/B experiments: who enters (conditions) and which option variant each experiment variant turns
// on. The assignment itself is the options rule (api/domain/experiments.ts explains how).
import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";
import { OPTION_SCOPES } from "./system.ts";

export const EXPERIMENT_STATUSES = ["draft", "running", "stopped"] as const;

export const experiments = sqliteTable(
  "experiments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: EXPERIMENT_STATUSES }).notNull().default("draft"),
    /** The option key whose variants the experiment's variants turn on. */
    optionScope: text("option_scope", { enum: OPTION_SCOPES }).notNull(),
    optionKey: text("option_key").notNull(),
    /** JSON: { levelMin, levelMax, platforms, countries, registeredAfter, percent }. */
    conditions: text("conditions").notNull(),
    /** JSON: [{ name, weight, optionVariant }]. */
    variants: text("variants").notNull(),
    /** JSON: { d1?, d7?, battlesPerDau? } — the largest drop against the control each guardrail allows, in % of the control's figure. */
    guardrails: text("guardrails").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    startedAt: integer("started_at"),
    stoppedAt: integer("stopped_at"),
  },
  (t) => [index("experiments_option").on(t.optionScope, t.optionKey, t.status)],
);
