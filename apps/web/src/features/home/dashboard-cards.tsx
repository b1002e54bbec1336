import { Alert, Stack, Text } from '@chakra-ui/react';
import { canCall } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { AppLink } from '@/ui/app-link';
import { consoleLink } from './checklist-model';
import { DashboardCard } from './content-cards';

// The SDK card and its packages moved to sdk-card.tsx and sdk-commands.ts (its tabs load on approach, issue 22).
export { SDK_PACKAGES } from './sdk-commands';
export { SdkCard } from './sdk-card';

export function RolesCard() {
  return (
    <DashboardCard id="roles-card-title" title="Roles">
      <Stack gap="3">
        <Text color="fg.muted">Decide which platform roles and portal permissions each group of people has.</Text>
        <AppLink to="/roles" fontWeight="semibold">
          Manage roles
        </AppLink>
      </Stack>
    </DashboardCard>
  );
}

export function ConsoleCard() {
  return (
    <DashboardCard id="console-card-title" title="API console">
      <Stack gap="3">
        <Text color="fg.muted">Send requests to your marketplace API and inspect the answers.</Text>
        <AppLink to="/console" fontWeight="semibold">
          Open the API console
        </AppLink>
      </Stack>
    </DashboardCard>
  );
}

/** Shown instead of the checklist to users who cannot read any access resource. */
export function ProfileCard() {
  const { me, roles, description } = usePortalContext();
  const canGetMe = canCall(roles, getOperation(description, 'Me.Get'));
  return (
    <DashboardCard id="profile-card-title" title="Your profile">
      <Stack gap="3">
        <Text color="fg.muted">
          You are signed in as {me.Email}. See what the marketplace API knows about you, including your roles.
        </Text>
        {canGetMe && (
          <AppLink to={consoleLink('Me.Get')} fontWeight="semibold">
            View your profile in the API console
          </AppLink>
        )}
      </Stack>
    </DashboardCard>
  );
}

/** The developer token carries no roles, so nothing on the platform is reachable yet. */
export function NoRolesWarning() {
  return (
    <Alert.Root status="warning" as="section" aria-labelledby="no-roles-title">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title id="no-roles-title">You have no platform roles</Alert.Title>
        <Alert.Description>
          Your account is not allowed to call the marketplace API yet. Ask an organization administrator to add you to a
          role group with platform roles.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function GettingStartedCard() {
  const steps = [
    { to: '/roles', label: 'Review the roles', text: 'Check who may do what in your marketplace.' },
    { to: '/console', label: 'Try the API console', text: 'Send a first request with your developer token.' },
    { to: '/admin', label: 'Explore your marketplace', text: 'Browse products, buyers and orders.' },
  ];
  return (
    <DashboardCard id="getting-started-title" title="Getting started">
      <Stack as="ol" gap="3" m="0" ps="5">
        {steps.map((step) => (
          <li key={step.to}>
            <AppLink to={step.to} fontWeight="semibold">
              {step.label}
            </AppLink>
            <Text fontSize="sm" color="fg.muted">
              {step.text}
            </Text>
          </li>
        ))}
      </Stack>
    </DashboardCard>
  );
}
