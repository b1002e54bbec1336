import { useCallback } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { useAdminApi } from '../lib/admin-api';
import type { ExportSlotProps } from '../slots';
import { exportFileName, type PageReader } from './export-csv';
import { ExportListButton } from './export-list-button';

/** The list page's export: the list operation with the list's current query, every page, the visible columns. */
export function ExportButton({ collection, operation, pathParams, query, columns }: ExportSlotProps) {
  const api = useAdminApi();
  const { marketplace } = usePortalContext();
  const readPage = useCallback<PageReader>(
    (page, pageSize, signal) => api.list(operation, { ...pathParams }, { ...query, page, pageSize }, signal),
    [api, operation, pathParams, query],
  );
  // The key names nested lists too (buyers.users -> buyers-users), so two exports never share a file name.
  const fileName = exportFileName(collection.key, marketplace.Id, new Date());
  return (
    <ExportListButton
      label={collection.label}
      fileName={fileName}
      columns={columns.map((column) => column.field)}
      readPage={readPage}
    />
  );
}
