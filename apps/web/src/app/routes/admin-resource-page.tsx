import { useParams } from 'react-router';
import { findSidebarItem } from '@/app/navigation';
import { PlaceholderPage } from '@/ui/placeholder-page';

/** `/admin/:resource/*` until the resource screens exist: names the resource the sidebar link pointed at. */
export function AdminResourcePage() {
  const { resource = '' } = useParams();
  return <PlaceholderPage name={findSidebarItem(resource)?.label ?? resource} />;
}
