// Import cycles that may remain for now — to be removed in issue 20 (other people are untangling
// these files). Each entry names a cycle's files in import order, from the repository root. The check
// (scripts/check-import-cycles.mjs) fails on any cycle not listed here and on an entry that no longer
// occurs, so this list can only shrink: delete an entry when its cycle is gone.
export const ALLOWED_IMPORT_CYCLES = [
  ['apps/web/src/app/layout/breadcrumb-names.tsx', 'apps/web/src/app/layout/breadcrumbs.tsx'],
  ['apps/web/src/forms/field-control.tsx', 'apps/web/src/forms/pickers/id-picker.tsx'],
];
