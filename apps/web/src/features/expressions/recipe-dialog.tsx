import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Recipe } from './recipes';

/** 'Enter details for recipe': one input per variable; Apply once every one is filled (spec 2 §2, §4). */
export function RecipeDialog(props: {
  recipe: Recipe | null;
  onApply: (values: Record<string, string>) => void;
  onClose: () => void;
}) {
  const { recipe, onApply, onClose } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const complete = recipe?.variables.every((variable) => (values[variable.token] ?? '').trim() !== '') ?? false;
  const close = () => {
    setValues({});
    onClose();
  };
  return (
    <Dialog.Root open={recipe !== null} onOpenChange={(details) => !details.open && close()}>
      {/* No portal: it opens inside the builder's dialog, whose aria-hiding would otherwise cover it. */}
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Enter details for recipe</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="3">
              <Text fontWeight="medium">{recipe?.label}</Text>
              {recipe?.variables.map((variable) => (
                <Field.Root key={variable.token} required>
                  <Field.Label>
                    {variable.label}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type={variable.input === 'number' ? 'number' : 'text'}
                    step="any"
                    value={values[variable.token] ?? ''}
                    onChange={(e) => setValues((current) => ({ ...current, [variable.token]: e.target.value }))}
                  />
                  {variable.divideBy100 && <Field.HelperText>A percent, e.g. 20 for 20%.</Field.HelperText>}
                </Field.Root>
              ))}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={!complete}
              onClick={() => {
                onApply(values);
                setValues({});
              }}
            >
              Apply
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
