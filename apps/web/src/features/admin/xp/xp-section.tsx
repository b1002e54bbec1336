import { Box, Button, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import type { SchemaObject } from '@/description/openapi-types';
import { buildFieldModel, type FormField } from '@/forms/field-model';
import { toFormValues, type FormValues } from '@/forms/normalize';
import { SchemaFields } from '@/forms/schema-form';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { apiPathParams, type RouteParams } from '../catalogue/resolve-path';
import { consoleHref } from '../detail/console-link';
import type { Item } from '../lib/admin-api';
import { AddPropertyDialog } from './add-property-dialog';
import { RemovePropertyDialog } from './remove-property-dialog';
import type { XpSchemaState } from './use-xp-schema';
import { hiddenXpPaths, nonConformingPaths } from './xp-conformance';
import { XpNotices } from './xp-notices';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The item's Get in the API console, where properties the form hides can be seen. */
function useItemConsoleHref(collection: CatalogueCollection, params: RouteParams): string | null {
  const { description } = usePortalContext();
  const operation = collection.operations.get ? getOperation(description, collection.operations.get) : undefined;
  return operation ? consoleHref(operation.id, operation.resourceId, apiPathParams(collection, params)) : null;
}

/**
 * The xp part of a detail form: its fields from the inferred schema, the warnings of spec 2 §8, and an Edit/Save
 * toggle for adding and removing properties (spec 2 §4). Rendered inside the item's form, so values go out with
 * the item's own Save.
 */
export function XpSection(props: {
  field: FormField;
  collection: CatalogueCollection;
  params: RouteParams;
  item: Item | undefined;
  schema: XpSchemaState;
  removed: readonly string[];
  /** Whether properties can be added and removed (the Edit/Save toggle). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onRemoved: (name: string) => void;
  onRestore: () => void;
}) {
  const { field, collection, params, item, schema, removed, editing, onEditingChange, onRemoved, onRestore } = props;
  const { setValue, control } = useFormContext<FormValues>();
  const { isDirty } = useFormState({ control });
  const [removing, setRemoving] = useState<string | null>(null);
  const href = useItemConsoleHref(collection, params);
  const inference = schema.inference;
  const itemXp = item?.xp;
  const children = field.control === 'object' ? (field.fields ?? []) : [];
  const nonConforming = useMemo(
    () => (inference ? nonConformingPaths(itemXp, inference.schema) : []),
    [inference, itemXp],
  );
  const hidden = useMemo(() => hiddenXpPaths(itemXp), [itemXp]);

  // Discard puts the removed values back, so the removed fields come back with them.
  useEffect(() => {
    if (!isDirty && removed.length > 0) onRestore();
  }, [isDirty, removed.length, onRestore]);

  if (!inference) return null;

  const add = (name: string, propertySchema: SchemaObject) => {
    schema.addProperty(name, propertySchema);
    const built = buildFieldModel({ type: 'object', properties: { [name]: propertySchema } }, { mode: 'edit' });
    const empty = toFormValues(built, undefined)[name];
    if (empty !== undefined) setValue(`xp.${name}`, empty);
  };
  const remove = (name: string) => {
    schema.removeProperty(name);
    if (isRecord(itemXp) && Object.hasOwn(itemXp, name)) {
      onRemoved(name);
      // The value leaves the form, which makes it dirty, so Save is offered and sends the removal.
      setValue(`xp.${name}`, undefined as unknown as string, { shouldDirty: true });
    }
  };

  const label = collection.label;
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{field.label}</Fieldset.Legend>
      <Fieldset.HelperText>
        Inferred from {inference.itemsRead} {label.toLowerCase()}
        {inference.complete ? '' : ' (the first 1,000)'}.
      </Fieldset.HelperText>
      <Fieldset.Content>
        <Stack gap="4">
          <HStack gap="2" wrap="wrap">
            <Button
              type="button"
              size="sm"
              variant={editing ? 'solid' : 'outline'}
              aria-label={editing ? 'Save extended properties' : 'Edit extended properties'}
              onClick={() => onEditingChange(!editing)}
            >
              {editing ? 'Save' : 'Edit'}
            </Button>
            {editing && <AddPropertyDialog existing={children.map((child) => child.name)} onAdd={add} />}
            <Button type="button" size="sm" variant="ghost" onClick={schema.refresh} disabled={isDirty}>
              Read {label.toLowerCase()} again
            </Button>
          </HStack>
          <XpNotices
            singular={collection.singular}
            label={label}
            inference={inference}
            nonConforming={nonConforming}
            hidden={hidden}
            consoleHref={href}
          />
          {children.map((child) => (
            <HStack key={child.path} align="flex-end" gap="2">
              <Box flex="1" minW="0">
                <SchemaFields fields={[child]} />
              </Box>
              {editing && (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove ${child.name}`}
                  onClick={() => setRemoving(child.name)}
                >
                  Remove
                </Button>
              )}
            </HStack>
          ))}
          {children.length === 0 && <Text color="fg.muted">No extended properties yet.</Text>}
        </Stack>
      </Fieldset.Content>
      <RemovePropertyDialog
        name={removing}
        singular={collection.singular}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Fieldset.Root>
  );
}
