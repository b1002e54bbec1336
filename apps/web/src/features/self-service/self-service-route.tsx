import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { IndexToolsPage } from './index-tools/index-tools-page';
import { ReceivedDeliveriesPage } from './received-deliveries/received-deliveries-page';
import { SelfServiceLayout } from './self-service-layout';
import { StagingRestorePage } from './staging-restore/staging-restore-page';
import { SubscriptionsPage } from './subscriptions/subscriptions-page';
import { SyncToolsPage } from './sync-tools/sync-tools-page';
import { SELF_SERVICE_TOOLS, type SelfServiceTool } from './self-service-tools';

/**
 * `/self-service/*`, one lazily loaded route chunk: the frame with the chosen tool. `/self-service` itself opens
 * the first tool, keeping the query string (organization, tenantName).
 */
export function SelfServiceRoute() {
  const { search } = useLocation();
  const toFirstTool = <Navigate to={{ pathname: '/self-service/index-tools', search }} replace />;
  return (
    <SelfServiceLayout>
      <Routes>
        <Route index element={toFirstTool} />
        <Route path="index-tools" element={<IndexToolsPage />} />
        <Route path="sync-tools" element={<SyncToolsPage />} />
        <Route path="received-deliveries" element={<ReceivedDeliveriesPage />} />
        <Route path="subscriptions" element={<SubscriptionsPage />} />
        <Route path="staging-restore" element={<StagingRestorePage />} />
        {SELF_SERVICE_TOOLS.filter((tool) => tool.placeholder).map((tool) => (
          <Route key={tool.path} path={tool.path} element={<ToolPlaceholder tool={tool} />} />
        ))}
        <Route path="*" element={toFirstTool} />
      </Routes>
    </SelfServiceLayout>
  );
}

/** A tool a later issue builds: named, and plainly not working yet. */
function ToolPlaceholder({ tool }: { tool: SelfServiceTool }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        {tool.label}
      </Heading>
      <Box borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="l3" px="6" py="10">
        <Text color="fg.muted" textAlign="center">
          This tool is not available yet.
        </Text>
      </Box>
    </Stack>
  );
}
