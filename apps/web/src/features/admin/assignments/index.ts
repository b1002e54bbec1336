// ASSIGNMENTS: the discovery model (pure, derived from the API description; see the two modules' comments).
//
//   discoverAssignmentPairs(api) / assignmentPair(api, listOperationId)  every `Xxx.List...Assignments` with its
//       Save and Delete operations, its record's ID, key and configurable fields, required fields and levels.
//   deleteCall(pair, record, context) / saveCall(pair, record, context)  the call that removes or writes a record.
//   recordLevel, reachableLevels, levelReachable, levelOfField           the User / Group / Company levels.
//   bindRelatedTab(api, ownerCollection, tab)                            what a catalogue related tab shows: an
//       assignment list (owner side fixed, other side from the label, optional switcher), the company checkbox,
//       or a filtered list of another resource.
//   assignmentListRequest, fixedValues, fixedFields, hiddenOnCreate, hiddenOnEdit, isCompanyAssigned,
//       belongsToTab                                                        page helpers.
export {
  lookupQuery,
  nameKey,
  partyHref,
  partyRef,
  planLookups,
  type LookupGroup,
  type PartyRef,
} from './party-lookup';
export {
  assignmentPair,
  deleteCall,
  discoverAssignmentPairs,
  filterParamOf,
  findName,
  levelOfField,
  levelReachable,
  reachableLevels,
  recordLevel,
  sameName,
  saveCall,
  type AssignmentCall,
  type AssignmentPair,
  type AssignmentRecord,
} from './assignment-pairs';
export {
  assignmentListRequest,
  belongsToTab,
  bindRelatedTab,
  fixedFields,
  fixedValues,
  hiddenOnCreate,
  hiddenOnEdit,
  isCompanyAssigned,
  TabBindingError,
  type AssignmentTabBinding,
  type FilteredListBinding,
  type RelatedTabBinding,
  type Switcher,
  type TabContext,
} from './tab-binding';
