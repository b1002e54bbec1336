import { Textarea } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { DEFAULT_MIN_HEIGHT, type JsonEditorProps } from './props';

// The editor and its libraries are loaded on first use, so pages without one do not download them.
const EditorModule = lazy(() => import('./json-editor').then((module) => ({ default: module.JsonEditor })));

/**
 * A JSON code editor, loaded on demand. Until it arrives a read-only textarea shows the same text under
 * the same name, so the layout does not jump and the content is readable at once.
 */
export function JsonEditor(props: JsonEditorProps) {
  const fallback = (
    <Textarea
      readOnly
      aria-busy
      aria-label={props.label}
      value={props.value}
      fontFamily="mono"
      fontSize="sm"
      minHeight={props.minHeight ?? DEFAULT_MIN_HEIGHT}
      spellCheck={false}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <EditorModule {...props} />
    </Suspense>
  );
}
