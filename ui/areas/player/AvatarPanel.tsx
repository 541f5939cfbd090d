// The player's avatar: the current one, an upload waiting for moderation, the last refusal with
// its reason, and choosing a new image (PNG, JPEG or WebP within the server's limits, checked
// here first so a wrong file is refused without uploading it).
import { useRef, useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { ApiError, sendForm } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { saveAvatar } from "../../../api/contracts/public/profile.ts";
import { FieldError, FormMessage } from "../../components/Form.tsx";
import { fmtDateTime } from "../../lib/i18n.ts";
import { toast } from "../../components/Toasts.tsx";
import { useSubmit } from "../../lib/form.ts";

/** The avatar as the profile and the upload answer it. */
export type AvatarState = OutputOf<typeof saveAvatar>;

export function AvatarPanel({ nickname, initial }: { nickname: string; initial: AvatarState }) {
  const [state, setState] = useState(initial);
  // The image's refusal (ours before sending, or the server's) under the file input; any other as the form's line.
  const { busy, errors, run } = useSubmit({ notice: false });
  const refuse = (message: string) => void errors.take(new ApiError(400, "validation", "", { image: message }));
  const input = useRef<HTMLInputElement>(null);
  const { limits } = state;
  const kb = Math.round(limits.maxBytes / 1024);

  const upload = async (file: File | undefined) => {
    errors.clear();
    if (!file) return;
    if (!limits.types.includes(file.type)) return refuse(t`Choose a PNG, JPEG or WebP image.`);
    if (file.size > limits.maxBytes) return refuse(t`The image is larger than ${ph({ kb })} KB.`);
    const body = new FormData();
    body.append("image", file);
    const ok = await run(async () => {
      setState(await sendForm(saveAvatar, body));
      toast.ok(t`Avatar sent for moderation`);
    });
    // The input was disabled while sending: it takes the focus once enabled again.
    if (!ok) setTimeout(() => input.current?.focus());
    if (input.current) input.current.value = "";
  };

  return (
    <div className="tk-avatar-panel">
      {state.avatarUrl ? (
        <img
          src={state.avatarUrl}
          alt={t`Avatar of ${ph({ nickname })}`}
          width={96}
          height={96}
          className="tk-avatar"
        />
      ) : (
        <span className="tk-muted">{t`No avatar`}</span>
      )}
      {state.pending && (
        <p className="tk-notice" data-testid="avatar-pending">
          {t`Your new avatar (sent ${ph({ at: fmtDateTime(state.pending.uploadedAt) })}) is waiting for moderation.`}
        </p>
      )}
      {state.rejected && !state.pending && (
        <p className="tk-error" data-testid="avatar-rejected">
          {t`Your last avatar was rejected: ${ph({ reason: state.rejected.reasonText })}`}
          {state.rejected.note ? ` (${state.rejected.note})` : ""}
        </p>
      )}
      <div className="tk-field">
        <label htmlFor={errors.id("image")}>{t`New avatar`}</label>
        <input
          ref={input}
          type="file"
          accept={limits.types.join(",")}
          disabled={busy}
          {...errors.input("image", "avatar-hint")}
          onChange={(e) => upload(e.target.files?.[0])}
        />
        <small id="avatar-hint" className="tk-hint">
          {t`PNG, JPEG or WebP, up to ${ph({ kb })} KB, ${ph({ min: limits.minSide })}–${ph({ max: limits.maxSide })} px a side. An operator checks it before others see it.`}
        </small>
        <FieldError errors={errors} name="image" />
        <FormMessage errors={errors} />
      </div>
    </div>
  );
}
