export { JsonEditor } from './lazy-json-editor';
export type { JsonEditorProps } from './props';
