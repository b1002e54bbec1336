import { Alert, Checkbox, Field, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { describeError } from '@/services/portal-error';
import { useEntitySyncModels } from './sync-api';
import {
  emptyEntityValues,
  entityErrors,
  entitySyncBody,
  formAttributes,
  SYNC_TEXTS,
  type EntityValues,
} from './sync-model';
import { SyncSubmit, useSyncSubmission } from './sync-submit';
import type { EntitySyncAttribute, EntitySyncModel } from './sync-types';

/** Entity sync (spec 1 §2): the entities the server offers, and a form of the chosen one's non-internal attributes. */
export function EntitySyncTab() {
  const models = useEntitySyncModels(true);
  if (models.isPending) {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text color="fg.muted">Loading the entities...</Text>
      </HStack>
    );
  }
  if (models.isError) {
    const { title, message } = describeError(models.error);
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <EntitySyncForm models={models.data} />;
}

export function EntitySyncForm({ models }: { models: readonly EntitySyncModel[] }) {
  const submission = useSyncSubmission('entity');
  // The first entity is preselected (spec 1 §2); 'None selected' stays as the disabled first option.
  const [entityName, setEntityName] = useState(models[0]?.EntityName ?? '');
  const model = models.find((entry) => entry.EntityName === entityName);
  const [values, setValues] = useState<EntityValues>(() => (model ? emptyEntityValues(model) : {}));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = model ? entityErrors(model, values) : {};
  const valid = model !== undefined && Object.keys(errors).length === 0;

  const choose = (name: string) => {
    const next = models.find((entry) => entry.EntityName === name);
    setEntityName(name);
    setValues(next ? emptyEntityValues(next) : {});
    setTouched({});
  };

  return (
    <Stack
      as="form"
      gap="4"
      maxW="lg"
      onSubmit={(event) => {
        event.preventDefault();
        if (!model || !valid) return;
        submission.submit(model.Route, entitySyncBody(model, values), () => choose(model.EntityName));
      }}
    >
      <Text color="fg.muted">Sends one kind of entity to the marketplace's delivery configurations, in batches.</Text>
      <Field.Root required>
        <Field.Label>Entity</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={entityName} onChange={(event) => choose(event.currentTarget.value)}>
            <option value="" disabled>
              {SYNC_TEXTS.noneSelected}
            </option>
            {models.map((entry) => (
              <option key={entry.EntityName} value={entry.EntityName}>
                {entry.EntityName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {model &&
        formAttributes(model).map((attribute) => (
          <AttributeField
            key={`${model.EntityName}.${attribute.Name}`}
            attribute={attribute}
            value={values[attribute.Name] ?? ''}
            error={touched[attribute.Name] ? errors[attribute.Name] : undefined}
            onChange={(value) => setValues({ ...values, [attribute.Name]: value })}
            onBlur={() => setTouched({ ...touched, [attribute.Name]: true })}
          />
        ))}
      <SyncSubmit submission={submission} valid={valid} />
    </Stack>
  );
}

interface AttributeFieldProps {
  attribute: EntitySyncAttribute;
  value: string | boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
  onBlur: () => void;
}

/** One attribute: a checkbox for booleans, a number box for integers, a text box otherwise; its Comment as help. */
function AttributeField({ attribute, value, error, onChange, onBlur }: AttributeFieldProps) {
  if (attribute.Type === 'boolean') {
    return (
      <Field.Root>
        <Checkbox.Root checked={value === true} onCheckedChange={(details) => onChange(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{attribute.DisplayName}</Checkbox.Label>
        </Checkbox.Root>
        {attribute.Comment && <Field.HelperText>{attribute.Comment}</Field.HelperText>}
      </Field.Root>
    );
  }
  return (
    <Field.Root required={attribute.Required} invalid={error !== undefined}>
      <Field.Label>
        {attribute.DisplayName}
        {attribute.Required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        type={attribute.Type === 'integer' ? 'number' : 'text'}
        inputMode={attribute.Type === 'integer' ? 'numeric' : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {attribute.Comment && <Field.HelperText>{attribute.Comment}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
