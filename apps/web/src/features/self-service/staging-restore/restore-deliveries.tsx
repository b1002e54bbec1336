import { DeliveriesTable } from '../recent/deliveries-table';
import { RecentSection } from '../recent/recent-section';
import { useRestoreDeliveries } from './staging-restore-api';

/** The recent post-restore notifications (tests and restores) with the receiver's answer. */
export function RestoreDeliveries() {
  return (
    <RecentSection
      id="restore-deliveries-heading"
      heading="Recent post-restore deliveries"
      query={useRestoreDeliveries(true)}
      loadingText="Loading recent deliveries..."
      emptyText="No post-restore notification has been sent yet."
      isEmpty={(deliveries) => deliveries.length === 0}
    >
      {(deliveries) => <DeliveriesTable deliveries={deliveries} label="Post-restore deliveries" maxH="80" />}
    </RecentSection>
  );
}
