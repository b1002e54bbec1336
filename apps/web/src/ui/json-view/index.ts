export { jsonText, JsonView, type JsonViewProps } from './json-view';
export { JsonTree, type JsonTreeProps } from './json-tree';
export { branchSummary, isBranch, isEmptyValue, isScalarList, scalarText } from './json-tree-model';
