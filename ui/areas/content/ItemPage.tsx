// One item of an area with sections (crews, decorations: control/{id}): each section — general
// settings, price groups, XP gains, training and speed-up prices — is its own typed form saved by
// its own action, as the spec names them.
import { useLocation } from "wouter";
import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { at, useApi } from "../../lib/api.ts";
import { anyAreaItemPage } from "../../../api/contracts/admin/resources.ts";
import { Load } from "../../components/States.tsx";
import { ItemForm } from "./ResourcePage.tsx";
import { Heading } from "./Heading.tsx";
import { TITLES } from "./titles.ts";
import { locale } from "../../lib/i18n.ts";

const SECTION_TITLES: Record<string, MessageDescriptor> = {
  "save/general/settings": msg`General settings`,
  "save/groups/prices": msg`Price groups`,
  "save/gains": msg`XP per battle`,
  "save/upgrades/prices": msg`Skill training prices`,
  "save/speedup/upgrades/prices": msg`Speed-up prices`,
};

export default function ItemPage() {
  const [path] = useLocation();
  const base = path.replace(/control\/\d+$/, "");
  const state = useApi(at(anyAreaItemPage, path), {});
  const area = TITLES[base] ? t(TITLES[base]) : base;
  const name = state.data ? String(state.data.item[locale === "en" ? "nameEn" : "nameRu"] ?? state.data.item.id) : "";
  return (
    <>
      <Heading title={name ? `${area}: ${name}` : area}>
        <a className="tk-btn" href={base}>{t`Back to the list`}</a>
      </Heading>
      <Load state={state}>
        {(d) => (
          <div className="tk-columns">
            {Object.entries(d.actions.sections ?? {}).map(([action, s]) => (
              <ItemForm
                key={`${action}:${JSON.stringify(d.item)}`}
                d={d}
                initial={d.item}
                only={s.fields}
                url={s.url}
                heading={SECTION_TITLES[action] ? t(SECTION_TITLES[action]) : action}
                onDone={() => state.reload()}
              />
            ))}
          </div>
        )}
      </Load>
    </>
  );
}
