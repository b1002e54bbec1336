export { jsonText, JsonView, type JsonViewProps } from './json-view';
