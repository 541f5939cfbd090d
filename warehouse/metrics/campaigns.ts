// Install campaigns (ads/companies). Definitions (UTC days, USD cents): a player's campaign is
// the `source` recorded at registration (organic included). For the period: installs =
// registrations of the campaign; revenue = net revenue (see payments.ts) of payments made in the
// period by players of the campaign (payments carry the player's source); paying users =
// players of the campaign with a paid payment in the period. The CSV exports use AppMetrica's
// Logs API column names (installations and revenue events), with profile_id = our player id.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, periodParams } from "./period.ts";

export const CampaignRowSchema = z.object({
  campaign: z.string(),
  installs: z.number(),
  revenue: z.number(),
  gross: z.number(),
  refunds: z.number(),
  payers: z.number(),
  purchases: z.number(),
});
export type CampaignRow = z.infer<typeof CampaignRowSchema>;

export const campaignsSql = `SELECT campaign, installs, revenue, gross, refunds, payers, purchases FROM
  (SELECT source AS campaign, toUInt64(sum(n)) AS installs FROM registrations_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY campaign) AS r
  FULL OUTER JOIN
  (SELECT source AS campaign, toInt64(sum(amount)) AS revenue, toInt64(sumIf(amount, status = 'paid')) AS gross, toInt64(-sumIf(amount, status != 'paid')) AS refunds,
     groupBitmapMergeIf(payers, status = 'paid') AS payers, toUInt64(sumIf(n, status = 'paid')) AS purchases
   FROM payments_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY campaign) AS p
  USING campaign ORDER BY installs DESC, campaign`;

/** The campaigns' file (ours, not AppMetrica's layout): money in US cents, counts named by what they count. */
export const CAMPAIGNS_CSV_SQL = `SELECT campaign, installs, payers AS paying_players, purchases, revenue AS net_revenue_usd_cents,
  gross AS gross_usd_cents, refunds AS refunds_usd_cents, if(installs = 0, 0, round(revenue / installs, 2)) AS arpu_usd_cents
  FROM (${campaignsSql})`;

/** AppMetrica "installations" layout: one row per registration of the period. */
export const PLAYERS_CSV_SQL = `SELECT 'tankodrome' AS application_id, formatDateTime(ts, '%Y-%m-%d %H:%i:%S', 'UTC') AS install_datetime,
  toUnixTimestamp(ts) AS install_timestamp, source AS tracker_name, source AS publisher_name, country AS country_iso_code,
  platform AS os_name, locale AS device_locale, toString(player_id) AS profile_id
  FROM registrations WHERE ts >= {fromTs:DateTime64(3, 'UTC')} AND ts < {toTs:DateTime64(3, 'UTC')}
    AND ({campaign:String} = '' OR source = {campaign:String}) ORDER BY ts, player_id`;

/** AppMetrica "revenue events" layout: one row per payment event of the period. */
export const PAYMENTS_CSV_SQL = `SELECT 'tankodrome' AS application_id, formatDateTime(ts, '%Y-%m-%d %H:%i:%S', 'UTC') AS event_datetime,
  toUnixTimestamp(ts) AS event_timestamp, order_id AS revenue_order_id, round(amount_usd_cents / 100, 2) AS revenue_price, 'USD' AS revenue_currency,
  1 AS revenue_quantity, item_id AS revenue_product_id, status AS revenue_status, amount_minor AS original_amount_minor, currency AS original_currency,
  source AS tracker_name, country AS country_iso_code, platform AS os_name, toString(player_id) AS profile_id
  FROM payments WHERE ts >= {fromTs:DateTime64(3, 'UTC')} AND ts < {toTs:DateTime64(3, 'UTC')}
    AND ({campaign:String} = '' OR source = {campaign:String}) ORDER BY ts, order_id, status`;

export async function campaigns(wh: Warehouse, p: Period) {
  const list = await wh.query(campaignsSql, periodParams(p), CampaignRowSchema);
  return {
    period: p,
    campaigns: list.map((c) => ({
      ...c,
      arpu: c.installs === 0 ? 0 : Math.round((c.revenue / c.installs) * 100) / 100,
    })),
  };
}
