import { Box, Button, HStack, Input, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { usePortalContext } from '@/app/portal/portal-context';
import type { JsonValue } from '@/description/openapi-types';
import type { ControlProps } from '@/forms/control-props';
import type { IdPickerSlot } from '@/forms/field-control';
import { buildFieldModel, type FormField } from '@/forms/field-model';
import { toFormValues, type FormValues } from '@/forms/normalize';
import { pickerTarget } from '@/forms/pickers/id-field-target';
import { PickerScope } from '@/forms/pickers/picker-source';
import { SelectResourceModal } from '@/forms/pickers/select-resource-modal';
import { SchemaForm } from '@/forms/schema-form';
import { AppDialog } from '@/ui/app-dialog';
import { toaster } from '@/ui/toaster';
import { errorMessagesOf, useAdminApi } from '../lib/admin-api';
import { saveCall, type AssignmentRecord } from './assignment-pairs';
import { PlatformErrorAlert } from './platform-error-alert';
import { fixedValues, hiddenOnCreate, hiddenOnEdit, type AssignmentTabBinding, type TabContext } from './tab-binding';

// ASSIGNMENT DIALOG
// Spec 2 §4: creating an assignment is the form engine on the Save body, the route's own key field hidden and the
// other side chosen in the 'Select {resource}' modal; editing a record shows only its configurable fields. The
// list refreshes after a save.

/** The other side's id: typed, or chosen in the 'Select {resource}' modal (five a page, 500 ms search wait). */
function ModalIdControl({ field, control }: { field: FormField; control: ControlProps }) {
  const [open, setOpen] = useState(false);
  const form = useFormContext<FormValues>();
  const { description } = usePortalContext();
  const label = pickerTarget(description, field.name, { value: () => undefined })?.label ?? field.label;
  // Parents typed in the same dialog (a BuyerID before a UserID) reach the modal's list.
  const siblings = Object.fromEntries(
    Object.entries(form.getValues()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return (
    <HStack w="full">
      <Input
        name={control.name}
        value={typeof control.value === 'string' ? control.value : ''}
        onChange={(event) => control.onChange(event.target.value)}
        onBlur={control.onBlur}
      />
      <Button variant="outline" onClick={() => setOpen(true)} flexShrink={0}>
        Select {label}
      </Button>
      <SelectResourceModal
        fieldName={field.name}
        open={open}
        onOpenChange={setOpen}
        values={siblings}
        onSelect={(option) => {
          control.onChange(option.id);
          control.onBlur();
        }}
      />
    </HStack>
  );
}

export interface AssignmentDialogProps {
  readonly binding: AssignmentTabBinding;
  readonly context: TabContext;
  /** The record being edited, or null to create one. */
  readonly record: AssignmentRecord | null;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

export function AssignmentDialog(props: AssignmentDialogProps) {
  const { binding, context, record, open, onOpenChange } = props;
  const { marketplace } = usePortalContext();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const { pair } = binding;
  const body = pair.save?.requestBody;
  const fields = useMemo(() => {
    if (!body) return [];
    const hidden = record ? hiddenOnEdit(binding) : hiddenOnCreate(binding);
    const model = buildFieldModel(body.schema, { required: body.requiredFields, mode: record ? 'edit' : 'create' });
    return model.filter((field) => !hidden.includes(field.name));
  }, [body, binding, record]);
  const defaultValues = useMemo(
    () => toFormValues(fields, record ?? binding.createValues),
    [fields, record, binding.createValues],
  );
  const idPicker: IdPickerSlot = (field, control) =>
    binding.otherFields.includes(field.name) ? <ModalIdControl field={field} control={control} /> : undefined;

  const submit = async (values: { [key: string]: JsonValue }) => {
    setErrors([]);
    // Assignments are saved whole (spec 2 §5): the record's keys, the route's fixed values, the form's fields (a
    // configurable field cleared in the form is left out, not kept from the record).
    const keys = record ? Object.fromEntries(pair.keyFields.map((field) => [field, record[field]])) : {};
    const call = saveCall(pair, { ...keys, ...values, ...fixedValues(binding, context) }, context);
    if (!call) return;
    try {
      await api.write(call.operation, call.params, call.body);
    } catch (error) {
      setErrors(errorMessagesOf(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id, 'list'] });
    toaster.create({ type: 'success', title: record ? 'Assignment saved' : 'Assignment created' });
    onOpenChange(false);
  };

  const title = record ? 'Edit Assignment' : 'Create Assignment';
  return (
    <AppDialog
      open={open}
      onOpenChange={(details) => {
        setErrors([]);
        onOpenChange(details.open);
      }}
      size="lg"
      title={title}
    >
      <Box mb={errors.length > 0 ? '4' : '0'}>
        <PlatformErrorAlert messages={errors} />
      </Box>
      {fields.length === 0 ? (
        <Text>Nothing of this assignment can be changed.</Text>
      ) : (
        <PickerScope ownerResourceId={pair.resourceId} params={context}>
          <SchemaForm
            fields={fields}
            defaultValues={defaultValues}
            onSubmit={submit}
            idPicker={idPicker}
            submitLabel={record ? 'Save' : 'Create Assignment'}
            actions={
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
            }
          />
        </PickerScope>
      )}
    </AppDialog>
  );
}
