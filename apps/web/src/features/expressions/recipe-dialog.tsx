import { Button, Dialog, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CategoryPickerFields, IdPickerField } from './id-picker-fields';
import type { Recipe, RecipeVariable } from './recipes';

/** One variable: a product or category picker, or a number or text box. */
function VariableInput(props: { variable: RecipeVariable; value: string; onChange: (value: string) => void }) {
  const { variable, value, onChange } = props;
  if (variable.input === 'product') {
    return <IdPickerField name="ProductID" label={variable.label} required value={value} onChange={onChange} />;
  }
  if (variable.input === 'category') {
    return <CategoryPickerFields label={variable.label} required value={value} onChange={onChange} />;
  }
  return (
    <Field.Root required>
      <Field.Label>
        {variable.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type={variable.input === 'number' ? 'number' : 'text'}
        step="any"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {variable.divideBy100 && <Field.HelperText>A percent, e.g. 20 for 20%.</Field.HelperText>}
    </Field.Root>
  );
}

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
                <VariableInput
                  key={variable.token}
                  variable={variable}
                  value={values[variable.token] ?? ''}
                  onChange={(value) => setValues((current) => ({ ...current, [variable.token]: value }))}
                />
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

/** 'Start from a recipe…': the recipes of the builder's kind, by group. */
export function RecipeSelect(props: { recipes: readonly Recipe[]; onChoose: (recipe: Recipe | undefined) => void }) {
  const { recipes, onChoose } = props;
  const groups = [...new Set(recipes.map((entry) => entry.group))];
  return (
    <NativeSelect.Root width="auto" size="sm">
      <NativeSelect.Field
        aria-label="Recipe"
        value=""
        onChange={(e) => onChoose(recipes.find((entry) => entry.id === e.target.value))}
      >
        <option value="">Start from a recipe…</option>
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {recipes
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
