import { Button, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';

export interface SecretInputProps extends Omit<InputProps, 'type'> {
  /** What the secret is called, for the reveal button's label ('Show HashKey'). */
  name: string;
}

/**
 * A secret's text box: masked like a password, with a button that shows or hides it. The button is a real
 * button in the tab order, labelled with what it does, so keyboard and screen reader users can check a key.
 */
export function SecretInput({ name, ...input }: SecretInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <InputGroup
      endElement={
        <Button
          size="xs"
          variant="ghost"
          me="-2"
          aria-label={`${shown ? 'Hide' : 'Show'} ${name}`}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </Button>
      }
    >
      {/* Password managers must not offer to save a shared signing key. */}
      <Input {...input} type={shown ? 'text' : 'password'} autoComplete="new-password" spellCheck={false} />
    </InputGroup>
  );
}
