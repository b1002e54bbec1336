import { Alert, Button, Field, Fieldset, Input, List, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { GRANTS, type RoleGroup, type RoleGroupInput } from '@/services/portal';
import { isPortalError, type FieldError } from '@/services/portal-error';
import { grantDescription } from './grant-descriptions';
import { AppDialog } from '@/ui/app-dialog';
import { notifyError } from '@/ui/notify-error';
import { toaster } from '@/ui/toaster';
import { errorSummaryTitle, formField, NAME_MAX_LENGTH, validateRoleGroup } from './role-rules';
import { RoleMembers } from './role-members';
import { RolePicker } from './role-picker';
import { useSaveRoleGroup } from './roles-api';

function toInput(group: RoleGroup): RoleGroupInput {
  const { Members: _members, ...input } = group;
  return { ...input, OcRoles: [...input.OcRoles] };
}

function ErrorSummary({ errors }: { errors: readonly FieldError[] }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{errorSummaryTitle(errors)}</Alert.Title>
        {errors.length > 1 && (
          <Alert.Description>
            <List.Root ps="4">
              {errors.map((error) => (
                <List.Item key={`${error.field}:${error.message}`}>{error.message}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

export interface RoleEditDialogProps {
  group: RoleGroup;
  allowed: readonly string[];
  manageMembers: boolean;
  onClose: () => void;
}

/** Edits one role group: name, platform roles and grants, and (for organization admins) its members. */
export function RoleEditDialog({ group, allowed, manageMembers, onClose }: RoleEditDialogProps) {
  const [draft, setDraft] = useState(() => toInput(group));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const save = useSaveRoleGroup();
  const errorOf = (field: string) =>
    errors
      .filter((error) => formField(error.field) === field)
      .map((error) => error.message)
      .join(' ') || undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRoleGroup(draft, allowed);
    setErrors(found);
    if (found.length > 0) return;
    try {
      await save.mutateAsync({ ...draft, Name: draft.Name.trim() });
      toaster.create({ type: 'success', title: 'Role saved' });
      onClose();
    } catch (error) {
      // A 400 names the fields it refused: show them in place; anything else goes to a toast (spec 1 §8).
      if (isPortalError(error) && error.fieldErrors.length > 0) setErrors([...error.fieldErrors]);
      else notifyError(error);
    }
  };

  return (
    <AppDialog
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
      title={<>Edit {group.Name}</>}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="role-form" colorPalette="blue" loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="role-form" onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          {errors.length > 0 && <ErrorSummary errors={errors} />}
          <Field.Root readOnly>
            <Field.Label>Id</Field.Label>
            <Input value={draft.Id} readOnly />
          </Field.Root>
          <Field.Root required invalid={errorOf('Name') !== undefined}>
            <Field.Label>
              Name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={draft.Name}
              maxLength={NAME_MAX_LENGTH}
              onChange={(event) => setDraft({ ...draft, Name: event.target.value })}
            />
            <Field.ErrorText>{errorOf('Name')}</Field.ErrorText>
          </Field.Root>
          <RolePicker
            allowed={allowed}
            selected={draft.OcRoles}
            onChange={(OcRoles) => setDraft({ ...draft, OcRoles })}
            error={errorOf('OcRoles')}
          />
          <Fieldset.Root>
            <Fieldset.Legend>Grants</Fieldset.Legend>
            <Stack gap="2">
              {GRANTS.map((grant) => (
                <Switch.Root
                  key={grant}
                  checked={draft[grant]}
                  onCheckedChange={(details) => setDraft({ ...draft, [grant]: details.checked })}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>
                    <span>{grant}</span>
                    <Text as="span" display="block" fontSize="xs" fontWeight="normal" color="fg.muted">
                      {grantDescription(grant)}
                    </Text>
                  </Switch.Label>
                </Switch.Root>
              ))}
            </Stack>
          </Fieldset.Root>
        </Stack>
      </form>
      {manageMembers && <RoleMembers id={group.Id} members={group.Members} />}
    </AppDialog>
  );
}
