// /admin/experiments/*: A/B experiments. The rules are api/domain/experiments-admin.ts (each save
// one transaction with its audit row; a status change to or from running moves the option shares
// in the same transaction); each route is one call on its contract (api/contracts/admin/experiments.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import type { OutputOf } from "../../contracts/contract.ts";
import { type ListQuery, listResource } from "../../domain/resources.ts";
import {
  experimentControl,
  experimentsList,
  experimentScorecard,
  experimentsPage,
  experimentUsers,
  promoteExperimentVariant,
  saveExperimentGuardrails,
  saveExperimentConditions,
  saveExperimentGeneral,
  saveExperimentStatus,
  saveExperimentVariants,
} from "../../domain/experiments-admin.ts";
import * as experiments from "../../contracts/admin/experiments.ts";
import "./messages.ts";

export function registerExperiments(app: Hono<HonoEnv>) {
  page(app, experiments.page, (_c, _v, ctx) => experimentsPage({ ctx }));
  page(app, experiments.control, (_c, input, ctx) => experimentControl({ ctx, input }));
  // The mechanism answers stored items; the list's rows are experiments (fromRow reads their JSON), checked under tests.
  route(
    app,
    experiments.list,
    async (_c, q, ctx) =>
      (await listResource({ ctx, input: { d: experimentsList, query: q as ListQuery } })) as OutputOf<
        typeof experiments.list
      >,
  );
  route(app, experiments.scorecard, (c, input, ctx) => experimentScorecard({ ctx, wh: c.var.deps.warehouse, input }));
  route(app, experiments.users, (_c, input, ctx) => experimentUsers({ ctx, input }));
  route(app, experiments.saveGeneral, async (_c, input, ctx) => ({
    experiment: await saveExperimentGeneral({ ctx, input }),
  }));
  route(app, experiments.saveConditions, async (_c, input, ctx) => ({
    experiment: await saveExperimentConditions({ ctx, input }),
  }));
  route(app, experiments.saveVariants, async (_c, input, ctx) => ({
    experiment: await saveExperimentVariants({ ctx, input }),
  }));
  route(app, experiments.saveGuardrails, async (_c, input, ctx) => ({
    experiment: await saveExperimentGuardrails({ ctx, input }),
  }));
  route(app, experiments.promote, async (_c, input, ctx) => ({
    experiment: await promoteExperimentVariant({ ctx, input }),
  }));
  route(app, experiments.saveStatus, async (_c, input, ctx) => ({
    experiment: await saveExperimentStatus({ ctx, input }),
  }));
}
