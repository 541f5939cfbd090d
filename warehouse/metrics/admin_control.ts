// Admin control: what operators did. Definition: every admin_actions event (one per successful
// state-changing admin request, written with its admin log row) in the period (UTC days),
// counted per operator and per action, with the latest actions listed. Read from raw
// admin_actions (small: operators' clicks, not players' events).
import type { Warehouse } from "../port.ts";
import { type Period, TS_RANGE, bucketOfTs, fill, periodParams } from "./period.ts";

export interface AdminActionRow {
  at: string;
  admin_id: number;
  admin_username: string;
  role: string;
  action: string;
  target_type: string;
  target_id: string;
}

const FILTER = `${TS_RANGE} AND ({admin:UInt64} = 0 OR admin_id = {admin:UInt64}) AND ({action:String} = '' OR action = {action:String})`;

export async function adminControl(wh: Warehouse, p: Period, f: { adminId?: number; action?: string; limit: number; offset: number }) {
  const params = { ...periodParams(p), admin: f.adminId ?? 0, action: f.action ?? "", limit: f.limit, offset: f.offset };
  const [admins, actions, series, latest, [{ n } = { n: 0 }]] = await Promise.all([
    wh.query<{ admin_id: number; admin_username: string; n: number }>(
      `SELECT admin_id, any(admin_username) AS admin_username, toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER} GROUP BY admin_id ORDER BY n DESC, admin_id`,
      params,
    ),
    wh.query<{ action: string; n: number }>(`SELECT action, toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER} GROUP BY action ORDER BY n DESC, action`, params),
    wh.query<{ bucket: string; n: number }>(`SELECT ${bucketOfTs(p.unit)} AS bucket, toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER} GROUP BY bucket ORDER BY bucket`, params),
    wh.query<AdminActionRow>(
      `SELECT formatDateTime(ts, '%Y-%m-%d %H:%i:%S', 'UTC') AS at, admin_id, admin_username, role, action, target_type, target_id FROM admin_actions
       WHERE ${FILTER} ORDER BY ts DESC, admin_id, action, target_id LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      params,
    ),
    wh.query<{ n: number }>(`SELECT toUInt64(count()) AS n FROM admin_actions WHERE ${FILTER}`, params),
  ]);
  return { period: p, total: n, admins, actions, series: fill(p, series, (bucket) => ({ bucket, n: 0 })), latest, limit: f.limit, offset: f.offset };
}
