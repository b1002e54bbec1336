import { Field } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { JsonEditor } from '@/ui/json-editor';

/** Spec §9: the JSON editor applies its text this long after the last keystroke. */
export const JSON_DEBOUNCE_MS = 1000;

export interface JsonBodyEditorProps {
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
}

type EditorStatus = 'applied' | 'pending' | 'invalid';

const STATUS_TEXT: Record<EditorStatus, string> = {
  applied: 'JSON applied.',
  pending: 'Applying…',
  invalid: 'Invalid JSON: the last valid body will be sent.',
};

/** A JSON code editor for the request body; only valid JSON is applied, 1000 ms after typing stops. */
export function JsonBodyEditor({ value, onChange }: JsonBodyEditorProps) {
  const [text, setText] = useState(() => JSON.stringify(value ?? {}, null, 2));
  const [status, setStatus] = useState<EditorStatus>('applied');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const editorId = useId();

  const edit = (next: string) => {
    setText(next);
    setStatus('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      try {
        onChangeRef.current(JSON.parse(next) as unknown);
        setStatus('applied');
      } catch {
        setStatus('invalid');
      }
    }, JSON_DEBOUNCE_MS);
  };

  return (
    <Field.Root invalid={status === 'invalid'} id={editorId}>
      {/* A label's `for` only focuses form elements, and the editing area is a contenteditable element. */}
      <Field.Label onClick={() => document.getElementById(editorId)?.focus()}>JSON body</Field.Label>
      <JsonEditor label="JSON body" value={text} onChange={edit} invalid={status === 'invalid'} />
      {status === 'invalid' ? (
        // red.fg rather than the default error red, which is below 4.5:1 on white for this small text.
        <Field.ErrorText color="red.fg">{STATUS_TEXT.invalid}</Field.ErrorText>
      ) : (
        <Field.HelperText>{STATUS_TEXT[status]}</Field.HelperText>
      )}
    </Field.Root>
  );
}
