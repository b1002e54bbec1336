import { ChakraProvider, defaultSystem, Field } from '@chakra-ui/react';
import { json } from '@codemirror/lang-json';
import { EditorView, runScopeHandlers } from '@codemirror/view';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeBetween } from './doc-sync';
import { JsonEditor } from './json-editor';
import { jsonDiagnostics } from './json-lint';
import { JsonEditor as LazyJsonEditor } from './index';

// own-module-graph: the lazy editor's first load is under test, so no other file may have loaded it before.

afterEach(cleanup);

function renderEditor(props: Partial<Parameters<typeof JsonEditor>[0]> = {}) {
  const onChange = props.onChange ?? vi.fn();
  const element = (overrides: Partial<Parameters<typeof JsonEditor>[0]> = {}) => (
    <ChakraProvider value={defaultSystem}>
      <JsonEditor label="Body" value='{"a": 1}' {...props} onChange={onChange} {...overrides} />
    </ChakraProvider>
  );
  const result = render(element());
  return {
    ...result,
    onChange,
    rerender: (overrides: Partial<Parameters<typeof JsonEditor>[0]>) => result.rerender(element(overrides)),
  };
}

function editorView(): EditorView {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Body' }));
  if (!view) throw new Error('no editor behind the textbox');
  return view;
}

describe('JsonEditor', () => {
  it('renders an editing area named by its label, holding the value', () => {
    renderEditor();
    const textbox = screen.getByRole('textbox', { name: 'Body' });
    expect(textbox.getAttribute('contenteditable')).toBe('true');
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(editorView().state.doc.toString()).toBe('{"a": 1}');
  });

  it('takes a new value from outside without reporting it as an edit, keeping the cursor in place', () => {
    const { rerender, onChange } = renderEditor();
    const view = editorView();
    view.dispatch({ selection: { anchor: 2 } });
    rerender({ value: '{"a": 12345}' });
    expect(view.state.doc.toString()).toBe('{"a": 12345}');
    expect(view.state.selection.main.head).toBe(2);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports what the user types', () => {
    const { onChange } = renderEditor();
    const view = editorView();
    view.dispatch({ changes: { from: 7, insert: '0' }, userEvent: 'input.type' });
    expect(onChange).toHaveBeenCalledWith('{"a": 10}');
  });

  it('leaves Tab to move focus, and indents with Mod-]', () => {
    renderEditor({ value: '[\n1\n]' });
    const view = editorView();
    view.dispatch({ selection: { anchor: 2 } });
    const key = (init: KeyboardEventInit) => runScopeHandlers(view, new KeyboardEvent('keydown', init), 'editor');
    expect(key({ key: 'Tab' })).toBe(false);
    expect(key({ key: 'Tab', shiftKey: true })).toBe(false);
    expect(view.state.doc.toString()).toBe('[\n1\n]');
    expect(key({ key: ']', ctrlKey: true })).toBe(true);
    expect(view.state.doc.line(2).text).toBe('  1');
  });

  it('marks itself invalid and read-only when told to', () => {
    const { rerender } = renderEditor();
    const textbox = screen.getByRole('textbox', { name: 'Body' });
    expect(textbox.getAttribute('aria-invalid')).toBeNull();
    rerender({ invalid: true, readOnly: true });
    expect(textbox.getAttribute('aria-invalid')).toBe('true');
    expect(textbox.getAttribute('aria-readonly')).toBe('true');
    expect(editorView().state.readOnly).toBe(true);
  });

  it('inside a field, points at the helper text and takes the control id', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <Field.Root id="body-editor">
          <Field.Label>Body</Field.Label>
          <JsonEditor label="Body" value="{}" onChange={vi.fn()} />
          <Field.HelperText>Saved.</Field.HelperText>
        </Field.Root>
      </ChakraProvider>,
    );
    const textbox = screen.getByRole('textbox', { name: 'Body' });
    expect(textbox.id).toBe('body-editor');
    const helper = screen.getByText('Saved.');
    return waitFor(() => expect(textbox.getAttribute('aria-describedby')).toBe(helper.id));
  });

  it('loads lazily, showing the text read-only under the same name meanwhile', async () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <LazyJsonEditor label="Body" value="[1]" onChange={vi.fn()} />
      </ChakraProvider>,
    );
    const placeholder = screen.getByRole('textbox', { name: 'Body' });
    expect((placeholder as HTMLTextAreaElement).readOnly).toBe(true);
    expect((placeholder as HTMLTextAreaElement).value).toBe('[1]');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Body' }).getAttribute('contenteditable')).toBe('true'),
    );
  });
});

describe('jsonDiagnostics', () => {
  const diagnose = (doc: string) => {
    const parent = document.createElement('div');
    const view = new EditorView({ doc, extensions: [json()], parent });
    const result = jsonDiagnostics(view).map(({ from, to, severity }) => ({ from, to, severity }));
    view.destroy();
    return result;
  };

  it('marks the character where parsing failed, whether or not the message gives a position', () => {
    // The first message names no position ("Unexpected token"), the second does ("at position 8").
    expect(diagnose('{"a": }')).toEqual([{ from: 6, to: 7, severity: 'error' }]);
    expect(diagnose('{"a": 1,}')).toEqual([{ from: 8, to: 9, severity: 'error' }]);
  });

  it('finds nothing in valid JSON', () => {
    expect(diagnose('{"a": [1, true, null]}')).toEqual([]);
  });

  it('leaves an empty editor unmarked: blank means no value', () => {
    expect(diagnose('')).toEqual([]);
    expect(diagnose('  \n')).toEqual([]);
    expect(diagnose(' x')).toHaveLength(1);
  });
});

describe('changeBetween', () => {
  it('replaces only the part that differs', () => {
    expect(changeBetween('{"a": 1}', '{"a": 123}')).toEqual({ from: 7, to: 7, insert: '23' });
    expect(changeBetween('abcabc', 'abc')).toEqual({ from: 3, to: 6, insert: '' });
    expect(changeBetween('', 'x')).toEqual({ from: 0, to: 0, insert: 'x' });
  });

  it('returns null for equal texts', () => {
    expect(changeBetween('same', 'same')).toBeNull();
  });
});
