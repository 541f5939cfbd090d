import type { Client } from "@libsql/client";
import { createDb } from "../api/db/index.ts";
import { createLoggingMailer } from "../api/domain/mail.ts";
import type { Mailer } from "../api/deps.ts";
import type { EdgeEnv } from "./config.ts";

/** The demo logs mail to the mail_log table; with SMTP_URL set, mail is also delivered over SMTP. */
export function createMailer(env: EdgeEnv, client: Client): Mailer {
  if (!env.SMTP_URL) return createLoggingMailer(createDb(client));
  const url = env.SMTP_URL;
  return createLoggingMailer(createDb(client), {
    name: "smtp",
    async deliver(m) {
      const { createTransport } = await import("nodemailer");
      await createTransport(url).sendMail({
        from: env.MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
    },
  });
}
