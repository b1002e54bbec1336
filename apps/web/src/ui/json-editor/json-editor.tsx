import { Box, useFieldContext } from '@chakra-ui/react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { lintGutter, linter, lintKeymap } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useMemo, useRef } from 'react';
import { changeBetween } from './doc-sync';
import { jsonDiagnostics } from './json-lint';
import { DEFAULT_MIN_HEIGHT, type JsonEditorProps } from './props';
import { editorHighlighting, editorTheme } from './theme';

export type { JsonEditorProps } from './props';

/** Marks transactions that carry the `value` prop into the editor, so they are not echoed back to onChange. */
const fromProps = Annotation.define<boolean>();

// Compartments are only identities; each editor state keeps its own content for them.
const attributesSlot = new Compartment();
const readOnlySlot = new Compartment();

interface AttributeInput {
  readonly label: string;
  readonly invalid: boolean;
  readonly readOnly: boolean;
  readonly id: string | undefined;
  readonly describedBy: string | undefined;
  readonly errorMessage: string | undefined;
}

function attributes(input: AttributeInput): Extension {
  const content: Record<string, string> = {
    // A contenteditable <div> gets no name from a <label for>, so it carries its name itself.
    'aria-label': input.label,
    role: 'textbox',
    'aria-multiline': 'true',
  };
  if (input.id) content.id = input.id;
  if (input.invalid) content['aria-invalid'] = 'true';
  if (input.readOnly) content['aria-readonly'] = 'true';
  if (input.describedBy) content['aria-describedby'] = input.describedBy;
  if (input.errorMessage) content['aria-errormessage'] = input.errorMessage;
  return [
    EditorView.contentAttributes.of(content),
    EditorView.editorAttributes.of({ class: input.invalid ? 'cm-invalid' : '' }),
  ];
}

function baseExtensions(onDocChange: (text: string) => void): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    history(),
    indentOnInput(),
    bracketMatching(),
    json(),
    linter(jsonDiagnostics),
    lintGutter(),
    editorTheme,
    editorHighlighting,
    // Long lines wrap instead of scrolling sideways: a scrolling box around the text is a region keyboard users
    // could not scroll on its own (axe: scrollable-region-focusable), and the box already grows with its text.
    EditorView.lineWrapping,
    // No indentWithTab: Tab must keep moving focus to the next control so keyboard users are never
    // trapped; defaultKeymap already indents with Mod-] and Mod-[.
    keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged || update.transactions.every((tr) => tr.annotation(fromProps))) return;
      onDocChange(update.state.doc.toString());
    }),
  ];
}

/** A JSON code editor with syntax colours, line numbers and syntax errors marked where they occur. */
export function JsonEditor({ value, onChange, label, invalid, minHeight, readOnly = false, id }: JsonEditorProps) {
  // Inside a Chakra Field the editor points at the field's helper and error texts, like Chakra's own inputs.
  // The context is optional (undefined outside a Field) although its type does not say so.
  const field = useFieldContext() as ReturnType<typeof useFieldContext> | undefined;
  const control = field?.getTextareaProps();
  const isInvalid = invalid ?? field?.invalid ?? false;
  const controlId = id ?? control?.id;
  const describedBy = control?.['aria-describedby'];
  const errorMessage = isInvalid ? control?.['aria-errormessage'] : undefined;
  const contentAttributes = useMemo(
    () => attributes({ label, invalid: isInvalid, readOnly, id: controlId, describedBy, errorMessage }),
    [label, isInvalid, readOnly, controlId, describedBy, errorMessage],
  );

  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // One editor for the component's lifetime; the effects below feed prop changes into it, so it never
  // has to be rebuilt (which would lose the cursor, undo history and focus).
  useEffect(() => {
    const view = new EditorView({
      parent: hostRef.current ?? undefined,
      state: EditorState.create({
        extensions: [baseExtensions((text) => onChangeRef.current(text)), attributesSlot.of([]), readOnlySlot.of([])],
      }),
    });
    viewRef.current = view;
    return () => {
      viewRef.current = null;
      view.destroy();
    };
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: attributesSlot.reconfigure(contentAttributes) });
  }, [contentAttributes]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: readOnlySlot.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const change = changeBetween(view.state.doc.toString(), value);
    if (!change) return;
    // Outside updates are not the user's edits: undo should not step back through them.
    view.dispatch({ changes: change, annotations: [fromProps.of(true), Transaction.addToHistory.of(false)] });
  }, [value]);

  return (
    <Box
      ref={hostRef}
      w="full"
      css={{ '& .cm-content, & .cm-gutter': { minHeight: minHeight ?? DEFAULT_MIN_HEIGHT } }}
    />
  );
}
