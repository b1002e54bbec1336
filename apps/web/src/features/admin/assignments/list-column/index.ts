// ASSIGNMENT PAGES (spec 2 §2 "Assignment pages"): a catalogue list that declares `assignmentSwitcher` gets a
// switcher and an Assignment column, with per-row and bulk assign/unassign. The list page calls the hook.
export { useListAssignments, type ListAssignments } from './use-list-assignments';
