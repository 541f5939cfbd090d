// Names the metrics screens pass around as data (screen titles, metric and currency names, the
// period kinds): lingui descriptors keyed by a stable name, translated where shown with label().
import { msg } from "@lingui/core/macro";
import { i18n } from "@lingui/core";

export const LABELS = {
  "metrics.registrations": msg`Registrations`,
  "metrics.dau": msg`Active players`,
  "metrics.division": msg`Division`,
  "metrics.expenses": msg`Expenses`,
  "metrics.playersTanks": msg`Players' tanks`,
  "metrics.playersCrews": msg`Players' crews`,
  "metrics.comparePeriods": msg`Compare periods`,
  "metrics.payments": msg`Payments`,
  "metrics.tanksEarns": msg`Tank earnings`,
  "metrics.retention": msg`Retention`,
  "metrics.adminControl": msg`Admin control`,
  "metrics.valuesMovements": msg`Values movements`,
  "metrics.campaigns": msg`Install campaigns`,
  "metrics.cohortPayments": msg`Cohort payments`,
  "metrics.period.yearly": msg`Year`,
  "metrics.period.monthly": msg`Month`,
  "metrics.period.daily": msg`Day`,
  "metrics.country": msg`Country`,
  "metrics.platform": msg`Platform`,
  "metrics.source": msg`Source`,
  "metrics.kind": msg({ message: "How they came", context: "registration kind" }),
  "metrics.type.experience": msg`Experience`,
  "metrics.type.gold": msg`Gold`,
  "metrics.type.silver": msg`Silver`,
  "metrics.reason": msg`Reason`,
  "metrics.level": msg`Level`,
  "metrics.pay.market": msg`By market`,
  "metrics.pay.item": msg`By item`,
  "metrics.pay.country": msg`By country`,
  "metrics.pay.arpu": msg`ARPU`,
  "metrics.pay.arppu": msg`ARPPU`,
  "metrics.pay.payingUsers": msg`Paying users`,
  "metrics.pay.conversion": msg`Conversion`,
  "metrics.pay.leavingPayers": msg`Leaving payers`,
  "metrics.revenue": msg`Net revenue`,
  "metrics.gross": msg`Gross`,
  "metrics.refunds": msg`Refunds`,
  "metrics.payers": msg`Paying`,
  "metrics.active": msg({ message: "Active", context: "players" }),
  "metrics.battles": msg`Battles`,
  "metrics.goldEarned": msg`Gold earned`,
  "metrics.goldSpent": msg`Gold spent`,
  "metrics.silverEarned": msg`Silver earned`,
  "metrics.silverSpent": msg`Silver spent`,
};

export type MetricsMessageId = keyof typeof LABELS;
/** A label in the page's locale. */
export const label = (id: MetricsMessageId) => i18n._(LABELS[id]);
