import type { Db } from "../db/index.ts";
import type { Mailer, MailMessage } from "../deps.ts";
import { mailLog } from "../db/schema/mail.ts";

/**
 * Records every mail in mail_log, then hands it to `deliver` when one is given (SMTP in
 * production). Without a transport (the demo), the log is where operators read it.
 */
export function createLoggingMailer(
  db: Db,
  transport?: { name: string; deliver(m: MailMessage): Promise<void> },
): Mailer {
  return {
    async send(m) {
      if (transport) await transport.deliver(m);
      await db.insert(mailLog).values({
        to: m.to,
        subject: m.subject,
        text: m.text,
        transport: transport?.name ?? "log",
        createdAt: Date.now(),
      });
    },
  };
}
