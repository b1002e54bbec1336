// The export module the explorer's list page loads (features/admin/slots.tsx, ExportSlotModule).
export { ExportButton } from './export-button';
