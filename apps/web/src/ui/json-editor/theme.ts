import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

// Every colour is a Chakra semantic token: those variables switch with the `dark` class on <html>, so one
// theme serves both colour modes and follows a toggle without rebuilding the editor. The `*.fg` tokens are
// Chakra's text colours for coloured content (700 shades in light mode, 300 in dark), which keeps syntax
// colours above the 4.5:1 text contrast ratio on `bg` in both modes.
const color = (token: string) => `var(--chakra-colors-${token})`;

export const editorTheme = EditorView.theme({
  '&': {
    color: color('fg'),
    backgroundColor: color('bg'),
    border: `1px solid ${color('border')}`,
    borderRadius: 'var(--chakra-radii-l2)',
    fontSize: 'var(--chakra-font-sizes-sm)',
  },
  // Same ring as a focused Chakra input, drawn as an outline so the layout does not move.
  '&.cm-focused': {
    outline: `2px solid ${color('blue-focus-ring')}`,
    outlineOffset: '-1px',
  },
  '&.cm-invalid': { borderColor: color('border-error') },
  '&.cm-invalid.cm-focused': { outlineColor: color('border-error') },
  '.cm-scroller': { fontFamily: 'var(--chakra-fonts-mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: color('fg') },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: color('fg') },
  '.cm-gutters': {
    backgroundColor: color('bg-muted'),
    color: color('fg-muted'),
    borderRight: `1px solid ${color('border')}`,
    borderTopLeftRadius: 'var(--chakra-radii-l2)',
    borderBottomLeftRadius: 'var(--chakra-radii-l2)',
  },
  '.cm-activeLineGutter': { backgroundColor: color('bg-emphasized'), color: color('fg') },
  '.cm-foldPlaceholder': {
    backgroundColor: color('bg-muted'),
    border: `1px solid ${color('border')}`,
    color: color('fg-muted'),
  },
  '&.cm-focused .cm-matchingBracket': {
    backgroundColor: color('bg-emphasized'),
    color: color('fg'),
    outline: `1px solid ${color('border-emphasized')}`,
  },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'transparent', color: color('red-fg') },
  '.cm-tooltip': {
    backgroundColor: color('bg-panel'),
    color: color('fg'),
    border: `1px solid ${color('border')}`,
    borderRadius: 'var(--chakra-radii-l2)',
  },
  '.cm-panels': { backgroundColor: color('bg-panel'), color: color('fg') },
  '.cm-panels.cm-panels-bottom': { borderTop: `1px solid ${color('border')}` },
  '.cm-panel.cm-panel-lint ul [aria-selected]': { backgroundColor: color('bg-emphasized'), color: color('fg') },
  '.cm-panel.cm-panel-lint ul:focus [aria-selected]': { backgroundColor: color('blue-muted'), color: color('fg') },
  '.cm-diagnostic-error': { borderLeftColor: color('border-error') },
});

export const editorHighlighting = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.propertyName, color: color('blue-fg') },
    { tag: tags.string, color: color('green-fg') },
    { tag: tags.number, color: color('orange-fg') },
    { tag: [tags.bool, tags.null], color: color('purple-fg') },
    { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: color('fg-muted') },
    { tag: tags.invalid, color: color('red-fg') },
  ]),
);
