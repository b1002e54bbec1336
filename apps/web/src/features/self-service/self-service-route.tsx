import type { ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { usePortalContext } from '@/app/portal/portal-context';
import { HostedOnlyNotice } from './hosted-only-notice';
import { IndexToolsPage } from './index-tools/index-tools-page';
import { ReceivedDeliveriesPage } from './received-deliveries/received-deliveries-page';
import { SelfServiceLayout } from './self-service-layout';
import { StagingRestorePage } from './staging-restore/staging-restore-page';
import { SubscriptionsPage } from './subscriptions/subscriptions-page';
import { SyncToolsPage } from './sync-tools/sync-tools-page';
import { SELF_SERVICE_TOOLS, type SelfServiceToolPath } from './self-service-tools';

/** The page of each tool: a tool added to the list without a page here does not compile. */
const TOOL_PAGES: Readonly<Record<SelfServiceToolPath, ComponentType>> = {
  'index-tools': IndexToolsPage,
  'sync-tools': SyncToolsPage,
  'received-deliveries': ReceivedDeliveriesPage,
  subscriptions: SubscriptionsPage,
  'staging-restore': StagingRestorePage,
};

/**
 * `/self-service/*`, one lazily loaded route chunk: the frame with the chosen tool, one route per tool of the list
 * (on a connected marketplace, the sentence saying why the tool is not available there).
 * `/self-service` itself opens the first tool, keeping the query string (organization, tenantName).
 */
export function SelfServiceRoute() {
  const { search } = useLocation();
  const { marketplace } = usePortalContext();
  // A connected marketplace runs none of the tools: each path shows why instead of its form (issue 21).
  const connected = marketplace.Kind === 'Connected';
  const toFirstTool = <Navigate to={{ pathname: `/self-service/${SELF_SERVICE_TOOLS[0].path}`, search }} replace />;
  return (
    <SelfServiceLayout>
      <Routes>
        <Route index element={toFirstTool} />
        {SELF_SERVICE_TOOLS.map(({ path, label }) => {
          const Page = TOOL_PAGES[path];
          const element = connected ? <HostedOnlyNotice title={label} marketplaceName={marketplace.Name} /> : <Page />;
          return <Route key={path} path={path} element={element} />;
        })}
        <Route path="*" element={toFirstTool} />
      </Routes>
    </SelfServiceLayout>
  );
}
