import { Button, Dialog, Field, Group, Input, InputAddon, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { MODELS, type ModelId } from './expression-fields';

const XP_MODELS = MODELS.filter((model) => model.hasXp);

/**
 * 'Add XP (Extended Property)': a model and the property path after 'xp.'; Add stays disabled until a path is
 * typed (spec 2 §2, §4). Extended properties have no schema, so every operator is offered for them.
 */
export function XpDialog(props: {
  open: boolean;
  targets: readonly string[];
  onAdd: (added: { model: ModelId; path: string; target: string }) => void;
  onClose: () => void;
}) {
  const { open, targets, onAdd, onClose } = props;
  const [model, setModel] = useState<ModelId>('Order');
  const [path, setPath] = useState('');
  const [target, setTarget] = useState(targets[0] ?? '');
  const trimmed = path.trim().replace(/^xp\./, '');
  const close = () => {
    setPath('');
    onClose();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
      {/* No portal: it opens inside the builder's dialog, whose aria-hiding would otherwise cover it. */}
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Add XP (Extended Property)</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="3">
              <Field.Root>
                <Field.Label>Model</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={model} onChange={(e) => setModel(e.target.value as ModelId)}>
                    {XP_MODELS.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root required>
                <Field.Label>
                  Property path
                  <Field.RequiredIndicator />
                </Field.Label>
                <Group attached w="full">
                  <InputAddon>xp.</InputAddon>
                  <Input value={path} placeholder="Tier" onChange={(e) => setPath(e.target.value)} />
                </Group>
              </Field.Root>
              {targets.length > 1 && (
                <Field.Root>
                  <Field.Label>Add a rule to</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={target} onChange={(e) => setTarget(e.target.value)}>
                      {targets.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              )}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={trimmed === ''}
              onClick={() => {
                onAdd({ model, path: trimmed, target: target || (targets[0] ?? '') });
                setPath('');
              }}
            >
              Add
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
