// Admin control: what operators did. Definition: every admin_actions event (one per successful
// state-changing admin request, written with its admin log row) in the period (UTC days),
// counted per operator and per action, with the latest actions listed. Read from raw
// admin_actions (small: operators' clicks, not players' events).
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, TS_RANGE, bucketOfTs, fill, periodParams } from "./period.ts";

const AdminIdAdminUsernameNRow = z.object({ admin_id: z.number(), admin_username: z.string(), n: z.number() });
const ActionNRow = z.object({ action: z.string(), n: z.number() });
const BucketNRow = z.object({ bucket: z.string(), n: z.number() });
const NRow = z.object({ n: z.number() });

export const AdminActionRowSchema = z.object({
  at: z.string(),
  admin_id: z.number(),
  admin_username: z.string(),
  role: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
});
export type AdminActionRow = z.infer<typeof AdminActionRowSchema>;

const FILTER = `${TS_RANGE} AND ({admin:UInt64} = 0 OR admin_id = {admin:UInt64}) AND ({action:String} = '' OR action = {action:String})`;

export async function adminControl(
  wh: Warehouse,
  p: Period,
  f: { adminId?: number; action?: string; limit: number; offset: number },
) {
  const params = {
    ...periodParams(p),
    admin: f.adminId ?? 0,
    action: f.action ?? "",
    limit: f.limit,
    offset: f.offset,
  };
  const [admins, actions, series, latest, [{ n } = { n: 0 }]] = await Promise.all([
    wh.query(
      `SELECT admin_id, any(admin_username) AS admin_username, toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER} GROUP BY admin_id ORDER BY n DESC, admin_id`,
      params,
      AdminIdAdminUsernameNRow,
    ),
    wh.query(
      `SELECT action, toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER} GROUP BY action ORDER BY n DESC, action`,
      params,
      ActionNRow,
    ),
    wh.query(
      `SELECT ${bucketOfTs(p.unit)} AS bucket, toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER} GROUP BY bucket ORDER BY bucket`,
      params,
      BucketNRow,
    ),
    wh.query(
      `SELECT formatDateTime(ts, '%Y-%m-%d %H:%i:%S', 'UTC') AS at, admin_id, admin_username, role, action, target_type, target_id FROM admin_actions
       WHERE ${FILTER} ORDER BY ts DESC, admin_id, action, target_id LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      params,
      AdminActionRowSchema,
    ),
    wh.query(`SELECT toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER}`, params, NRow),
  ]);
  return {
    period: p,
    total: n,
    admins,
    actions,
    series: fill(p, series, (bucket) => ({ bucket, n: 0 })),
    latest,
    limit: f.limit,
    offset: f.offset,
  };
}
