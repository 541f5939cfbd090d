// npm run admin:create -- --username NAME --role superadmin [--email E] [--data-dir DIR]
// Creates an admin on a real deployment. The password comes from ADMIN_PASSWORD or is asked
// for on the terminal without echo; it is never printed.
import { parseArgs } from "node:util";
import process from "node:process";
import { z } from "zod";
import { readEnv } from "../config.ts";
import { openClient } from "../boot.ts";
import { createDb } from "../../api/db/index.ts";
import { migrate } from "../../api/db/migrate.ts";
import { createAdmin } from "../../api/domain/admins.ts";
import { ADMIN_ROLES } from "../../api/db/schema/access.ts";
import { PASSWORD_MIN, PASSWORD_MAX } from "../../api/domain/password.ts";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    role: { type: "string", default: "superadmin" },
    email: { type: "string" },
    "data-dir": { type: "string" },
  },
});
const args = z
  .object({
    username: z.string().regex(/^[A-Za-z0-9_.-]{3,32}$/),
    role: z.enum(ADMIN_ROLES),
    email: z.email().optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(
    `usage: npm run admin:create -- --username NAME --role ${ADMIN_ROLES.join("|")} [--email ADDRESS]\n${args.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
  );
  process.exit(2);
}

async function askHidden(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error("no terminal to ask for the password: set ADMIN_PASSWORD");
  process.stdout.write(prompt);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let value = "";
  return new Promise((resolve, reject) => {
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString("utf8")) {
        if (ch === "\r" || ch === "\n") {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(value);
        }
        if (ch === "\u0003") return reject(new Error("cancelled"));
        value = ch === "\u007f" ? value.slice(0, -1) : value + ch;
      }
    };
    process.stdin.on("data", onData);
  });
}

const password = process.env.ADMIN_PASSWORD ?? (await askHidden("Password: "));
if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
  console.error(`The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  process.exit(2);
}
const env = readEnv({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) });
const client = await openClient(env);
await migrate(client);
const { username, role } = args.data;
try {
  await createAdmin(createDb(client), {
    username,
    role,
    email: args.data.email ?? `${username}@localhost`,
    password,
    at: Date.now(),
  });
  console.log(`created ${role} ${username}`);
} catch (e) {
  console.error(
    e instanceof Error && "code" in e && (e as { code: string }).code === "validation"
      ? `an admin named ${username} exists already`
      : String(e),
  );
  process.exitCode = 1;
} finally {
  client.close();
}
