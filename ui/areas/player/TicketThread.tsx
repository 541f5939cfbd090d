// One ticket's thread: the player's messages and the support's replies (reading it clears the
// unread mark on the server), and the answer box.
import { t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import * as feedback from "../../../api/contracts/public/profile/feedback.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Load } from "../../components/States.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { messageSchema } from "./schemas.ts";

function Reply({ ticketId, onSent }: { ticketId: number; onSent: () => void }) {
  const form = useForm(messageSchema, { body: "" });
  return (
    <Form
      form={form}
      submitLabel={t`Send`}
      onSubmit={form.submit(async (_input, data) => {
        await api(feedback.addMessage, { ...data, ticketId });
        form.reset();
        toast.ok(t`Message sent`);
        onSent();
      })}
    >
      <FormField form={form} name="body" label={t`Your message`} type="textarea" />
    </Form>
  );
}

export function TicketThread({ ticketId, onBack }: { ticketId: number; onBack: () => void }) {
  const state = useApi(feedback.messages, { ticketId });
  return (
    <section aria-labelledby="thread-title">
      <button type="button" className="tk-btn" onClick={onBack}>
        {t`All tickets`}
      </button>
      <Load state={state}>
        {(d) => (
          <>
            <h2 id="thread-title">{`#${d.ticket.id} ${d.ticket.subject}`}</h2>
            <ol
              className="tk-thread"
              aria-label={t`Messages`}
              style={{ listStyle: "none", padding: 0, display: "grid", gap: 8 }}
            >
              {d.messages.map((m) => (
                <li key={m.id} className="tk-panel" data-author={m.author}>
                  <strong>{m.author === "support" ? t`Support` : t`You`}</strong>{" "}
                  <small className="tk-hint">
                    {fmtDateTime(m.createdAt)}
                    {m.editedAt ? ` · ${t`edited`}` : ""}
                  </small>
                  <p style={{ whiteSpace: "pre-wrap" }}>{m.body}</p>
                </li>
              ))}
            </ol>
            {d.ticket.status !== "closed" ? (
              <Reply ticketId={ticketId} onSent={state.reload} />
            ) : (
              <p className="tk-notice">{t`This ticket is closed.`}</p>
            )}
          </>
        )}
      </Load>
    </section>
  );
}
