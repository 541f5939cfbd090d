// Founding a clan: name, tag and description, with the price in gold and the player's gold shown
// before paying; on success, the clan's page.
import { ph, t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Load } from "../../components/States.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { createClanSchema } from "./schemas.ts";
import * as clans from "../../../api/contracts/public/profile/clans.ts";
import { profile } from "../../../api/contracts/public/profile.ts";

function CreateForm({ price, gold }: { price: number; gold: number }) {
  const form = useForm(createClanSchema, { name: "", tag: "", description: "" });
  return (
    <Form
      form={form}
      submitLabel={t`Found the clan for ${ph({ price: fmtInt(price) })} gold`}
      onSubmit={form.submit(async (_input, data) => {
        await api(clans.createClan, data);
        toast.ok(t`Clan founded`);
        window.location.assign("/public/profile/myClan");
      })}
    >
      <p className="tk-hint">{t`Price: ${ph({ price: fmtInt(price) })} gold. You have ${ph({ gold: fmtInt(gold) })} gold.`}</p>
      <FormField form={form} name="name" label={t`Clan name`} hint={t`3–32 letters, digits, spaces, _ . -`} />
      <FormField form={form} name="tag" label={t`Tag`} hint={t`2–5 letters or digits`} />
      <FormField form={form} name="description" label={t`Description`} type="textarea" />
    </Form>
  );
}

export default function CreateClanPage() {
  const clan = useApi(clans.myClan, {});
  const me = useApi(profile, {});
  const both = {
    ...clan,
    data: clan.data && me.data ? { clan: clan.data, me: me.data } : undefined,
    error: clan.error ?? me.error,
    loading: clan.loading || me.loading,
  };
  return (
    <section aria-labelledby="create-title">
      <h1 id="create-title">{t`Found a clan`}</h1>
      <Load state={both}>
        {(d) =>
          d.clan.clan ? (
            <p className="tk-notice">
              {t`You are already in a clan.`} <a href="/public/profile/myClan">{t`My clan`}</a>
            </p>
          ) : (
            <CreateForm price={d.clan.rules.priceGold} gold={d.me.player.gold} />
          )
        }
      </Load>
    </section>
  );
}
