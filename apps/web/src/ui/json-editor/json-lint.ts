import { jsonParseLinter } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

const parseLinter = jsonParseLinter();

/** Where the JSON grammar first failed to parse, or null when the whole text parsed. */
function firstSyntaxError(state: EditorState): number | null {
  let position: number | null = null;
  ensureSyntaxTree(state, state.doc.length, 200)?.iterate({
    enter: (node) => {
      if (position !== null) return false;
      if (node.type.isError) position = node.from;
      return undefined;
    },
  });
  return position;
}

/**
 * JSON.parse's verdict and message, placed where the error is. The parse linter takes the position from
 * the error message, but Chromium's messages usually carry none, and it then marks the very start of
 * the text; the syntax tree knows the spot. Each mark covers one character so it is underlined, not
 * just flagged with a point.
 */
export function jsonDiagnostics(view: EditorView): Diagnostic[] {
  const length = view.state.doc.length;
  // An empty editor means "no value" (an optional field left blank), not a syntax error to flag.
  if (view.state.doc.toString().trim() === '') return [];
  return parseLinter(view).map((diagnostic) => {
    const from = diagnostic.from === 0 ? (firstSyntaxError(view.state) ?? 0) : diagnostic.from;
    return { ...diagnostic, from, to: Math.min(from + 1, length) };
  });
}
