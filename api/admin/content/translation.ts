// The UI's texts as operators edit them (/admin/translation/). Each route is one call on its
// contract (api/contracts/admin/translation.ts) over api/domain/ui-translations.ts; /texts/{locale}
// (the edited texts the UI loads over its compiled catalogue on start) is registered here too.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { editedTexts } from "../../domain/ui-texts.ts";
import {
  importProjectTexts,
  listTranslations,
  saveTranslation,
  translationHead,
  translationPo,
} from "../../domain/ui-translations.ts";
import * as translation from "../../contracts/admin/translation.ts";
import { texts } from "../../contracts/public/texts.ts";

export function registerTranslation(app: Hono<HonoEnv>) {
  page(app, translation.page, (_c, _input, ctx) => translationHead({ ctx }));
  route(app, translation.list, (_c, input, ctx) => listTranslations({ ctx, input }));
  route(app, translation.save, (_c, input, ctx) => saveTranslation({ ctx, input }));
  route(app, translation.importFromProject, (_c, _input, ctx) => importProjectTexts({ ctx }));
  route(app, translation.exportPo, async (c, input, ctx) => {
    c.header("content-disposition", `attachment; filename="ui-${input.locale}.po"`);
    return c.body(await translationPo({ ctx, input }), 200, {
      "content-type": "text/x-gettext-translation; charset=utf-8",
    });
  });

  // What the UI loads over its compiled catalogue on start (EXTRAS in the conformance test).
  route(app, texts, async (c, { locale }) => {
    c.header("cache-control", "no-cache");
    return editedTexts(c.var.deps.db, locale, c.var.deps.clock.now());
  });
}
