import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { canCall } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { isPortalError } from '@/services/portal-error';
import { AppLink } from '@/ui/app-link';
import { useAdminApi, type Item } from '../lib/admin-api';
import { companyHref, personName, userHref, type CompanyKind } from './order-customer';
import { InfoCard } from './info-card';

interface OrderCompany {
  readonly kind: CompanyKind | null;
  readonly name: string;
}

// Buyers first: the orders people read every day come from buyers; a supplier's own purchases are rarer.
const COMPANY_LOOKUPS = [
  { kind: 'buyer', operationId: 'Buyers.Get', param: 'buyerID' },
  { kind: 'supplier', operationId: 'Suppliers.Get', param: 'supplierID' },
] as const;

/**
 * The company an order comes from, with its name: the marketplace itself for the owner's orders, else the buyer
 * or supplier of that ID the roles can read. Unknown (kind null, the ID as its name) when none answers.
 */
function useOrderCompany(companyId: string): OrderCompany {
  const { marketplace, description, roles } = usePortalContext();
  const api = useAdminApi();
  const isMarketplace = companyId !== '' && companyId === marketplace.Id;
  const company = useQuery({
    queryKey: ['platform', marketplace.Id, 'order-company', companyId],
    queryFn: async ({ signal }): Promise<OrderCompany> => {
      for (const lookup of COMPANY_LOOKUPS) {
        const operation = getOperation(description, lookup.operationId);
        if (!operation || !canCall(roles, operation)) continue;
        try {
          const found = await api.get(operation, { [lookup.param]: companyId }, signal);
          return { kind: lookup.kind, name: typeof found.Name === 'string' && found.Name ? found.Name : companyId };
        } catch (error) {
          // Not a company of this kind: try the next one. Anything else (offline) is a real failure.
          if (!isPortalError(error) || error.status !== 404) throw error;
        }
      }
      return { kind: null, name: companyId };
    },
    enabled: companyId !== '' && !isMarketplace,
    retry: false,
    staleTime: 60_000,
  });
  if (isMarketplace) return { kind: 'marketplace', name: marketplace.Name || 'The marketplace' };
  return company.data ?? { kind: null, name: companyId };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Who placed the order (name, email, username) and for which company, each linked to its explorer page. */
export function OrderCustomerCard({ order }: { order: Item }) {
  const user = (typeof order.FromUser === 'object' && order.FromUser !== null ? order.FromUser : {}) as Item;
  const companyId = text(order.FromCompanyID);
  const userId = text(order.FromUserID) || text(user.ID);
  const company = useOrderCompany(companyId);
  const name = personName(user) || userId;
  const userLink = userHref(company.kind, companyId, userId);
  const companyLink = companyHref(company.kind, companyId);
  const email = text(user.Email);
  const username = text(user.Username);
  return (
    <InfoCard title="Customer">
      <Stack gap="1" fontSize="sm">
        {name === '' ? (
          <Text color="fg.muted">Unknown</Text>
        ) : userLink ? (
          <AppLink to={userLink} color="blue.fg" fontWeight="medium">
            {name}
          </AppLink>
        ) : (
          <Text fontWeight="medium">{name}</Text>
        )}
        {email && <Text wordBreak="break-all">{email}</Text>}
        {username && username !== name && <Text color="fg.muted">Username: {username}</Text>}
        {companyId && (
          <Text pt="2">
            <Text as="span" color="fg.muted">
              Company:{' '}
            </Text>
            {companyLink ? (
              <AppLink to={companyLink} color="blue.fg">
                {company.name}
              </AppLink>
            ) : (
              company.name
            )}
            {company.name !== companyId && (
              <Text as="span" color="fg.muted">
                {' '}
                ({companyId})
              </Text>
            )}
          </Text>
        )}
      </Stack>
    </InfoCard>
  );
}
