import { Navigate, useLocation } from 'react-router';

/** Old index-tools address; the query string (organization, tenantName, anything else) goes along unchanged. */
export function IndexingRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/self-service/index-tools', search, hash }} replace />;
}
