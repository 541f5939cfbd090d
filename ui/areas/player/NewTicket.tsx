// The support wizard: choose a category, then a subcategory (both from wizzard/getCategories, in
// the page's locale), then write the subject and the message.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as feedback from "../../../api/contracts/public/profile/feedback.ts";
import { useForm } from "../../lib/form.ts";
import { Load } from "../../components/States.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ticketSchema } from "./schemas.ts";

type Category = OutputOf<typeof feedback.categories>["categories"][number];

function TicketForm({
  category,
  sub,
  onCreated,
  onBack,
}: {
  category: Category;
  sub: Category["sub"][number];
  onCreated: (id: number) => void;
  onBack: () => void;
}) {
  const form = useForm(ticketSchema, { subject: "", body: "" });
  return (
    <Form
      form={form}
      submitLabel={t`Send to support`}
      actions={
        <button type="button" className="tk-btn" onClick={onBack}>
          {t`Back`}
        </button>
      }
      onSubmit={form.submit(async (_input, data) => {
        const r = await api(feedback.addTicket, { ...data, category: category.id, subCategory: sub.id });
        toast.ok(t`Your ticket was sent`);
        onCreated(r.ticket.id);
      })}
    >
      <p className="tk-hint">{`${category.title} → ${sub.title}`}</p>
      <FormField form={form} name="subject" label={t`Subject`} />
      <FormField form={form} name="body" label={t`Message`} type="textarea" rows={6} />
    </Form>
  );
}

export function NewTicket({ onCreated, onCancel }: { onCreated: (id: number) => void; onCancel: () => void }) {
  const state = useApi(feedback.categories, {});
  const [category, setCategory] = useState<Category | null>(null);
  const [sub, setSub] = useState<Category["sub"][number] | null>(null);
  return (
    <section className="tk-panel" aria-labelledby="wizard-title">
      <h2 id="wizard-title">{t`New ticket`}</h2>
      <Load state={state}>
        {(d) =>
          category && sub ? (
            <TicketForm category={category} sub={sub} onCreated={onCreated} onBack={() => setSub(null)} />
          ) : (
            <fieldset>
              <legend>{category ? t`What exactly?` : t`What is it about?`}</legend>
              <div className="tk-row">
                {(category ? category.sub : d.categories).map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    className="tk-btn"
                    onClick={() => (category ? setSub(c) : setCategory(c as Category))}
                  >
                    {c.title}
                  </button>
                ))}
              </div>
              <div className="tk-row">
                <button type="button" className="tk-btn" onClick={() => (category ? setCategory(null) : onCancel())}>
                  {category ? t`Back` : t`Cancel`}
                </button>
              </div>
            </fieldset>
          )
        }
      </Load>
    </section>
  );
}
