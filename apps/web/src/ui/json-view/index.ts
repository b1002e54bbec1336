export { JsonView, type JsonViewProps } from './json-view';
