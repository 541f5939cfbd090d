// The system lists (versions, applications, sign-in networks, languages) on the generic resource
// screen, with this area's column and field names.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import ResourcePage from "../content/ResourcePage.tsx";

const LABELS: Record<string, MessageDescriptor> = {
  platform: msg`Platform`,
  minSupported: msg`Oldest supported`,
  latest: msg`Latest`,
  forceUpdate: msg`Force update`,
  note: msg`Note`,
  store: msg`Store`,
  appId: msg`App id`,
  url: msg`Address`,
  key: msg`Key`,
  name: msg`Name`,
  enabled: msg`Enabled`,
  code: msg`Code`,
  isDefault: msg`Default`,
  sortOrder: msg({ message: "Order", context: "sort order" }),
};

export default function SystemResourcePage() {
  return <ResourcePage labels={LABELS} />;
}
