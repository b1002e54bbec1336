// Kept apart from json-editor.tsx so the lazy wrapper can share these without pulling the editor
// (and its libraries) into the initial bundle.

export interface JsonEditorProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** The accessible name of the editing area. */
  readonly label: string;
  readonly invalid?: boolean;
  readonly minHeight?: string;
  readonly readOnly?: boolean;
  readonly id?: string;
}

/** About twelve lines of small monospace text, the size of the textarea this editor replaced. */
export const DEFAULT_MIN_HEIGHT = '16rem';
