// The player changes their nickname and the language of their mails and game messages.
import { t } from "@lingui/core/macro";
import { api, posting } from "../../lib/api.ts";
import * as profile from "../../../api/contracts/public/profile.ts";
import { locale } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { profileEditSchema } from "../../../api/domain/fields.ts";

export function EditProfilePanel({ nickname, onDone }: { nickname: string; onDone: () => void }) {
  const form = useForm(profileEditSchema, { nickname, locale });
  return (
    <section className="tk-panel" aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title">{t`Edit profile`}</h2>
      <Form
        form={form}
        submitLabel={t`Save`}
        onSubmit={form.submit(async (input) => {
          await api(posting(profile.profile), input);
          toast.ok(t`Profile saved`);
          onDone();
        })}
      >
        <FormField form={form} name="nickname" label={t`Nickname`} autoComplete="nickname" />
        <FormField
          form={form}
          name="locale"
          label={t`Language of mails and game messages`}
          type="select"
          options={[
            ["ru", "Русский"],
            ["en", "English"],
          ]}
        />
      </Form>
    </section>
  );
}
