import { Field, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

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

/** A JSON textarea for the request body; only valid JSON is applied, 1000 ms after typing stops. */
export function JsonBodyEditor({ value, onChange }: JsonBodyEditorProps) {
  const [text, setText] = useState(() => JSON.stringify(value ?? {}, null, 2));
  const [status, setStatus] = useState<EditorStatus>('applied');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

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
    <Field.Root invalid={status === 'invalid'}>
      <Field.Label>JSON body</Field.Label>
      <Textarea
        fontFamily="mono"
        fontSize="sm"
        rows={12}
        spellCheck={false}
        value={text}
        onChange={(event) => edit(event.target.value)}
      />
      {status === 'invalid' ? (
        <Field.ErrorText>{STATUS_TEXT.invalid}</Field.ErrorText>
      ) : (
        <Field.HelperText>{STATUS_TEXT[status]}</Field.HelperText>
      )}
    </Field.Root>
  );
}
