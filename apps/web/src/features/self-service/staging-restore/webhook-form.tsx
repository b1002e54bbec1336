import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { type ChangeEvent, useState } from 'react';
import { isPortalError } from '@/services/portal-error';
import { notifyError } from '@/ui/notify-error';
import { toaster, TOAST_DURATION_MS } from '@/ui/toaster';
import { SecretInput } from './secret-input';
import { useDeleteStagingWebhook, useSaveStagingWebhook } from './staging-restore-api';
import { STAGING_TEXTS, webhookErrors, type StagingRestoreWebhook, type WebhookField } from './staging-restore-model';

const EMPTY: StagingRestoreWebhook = { URL: '', HashKey: '' };

export const stagingToast = (type: 'success' | 'error' | 'warning' | 'info', title: string, description?: string) =>
  toaster.create({ type, title, description, duration: TOAST_DURATION_MS, closable: true });

export interface WebhookFormProps {
  /** The saved webhook, or null while none is saved. */
  saved: StagingRestoreWebhook | null;
  /** Saving and deleting also need an organization admin (spec 1 §6); others see the saved values only. */
  canChange: boolean;
}

/**
 * The 'Post-Restore Webhook' form (spec 1 §2, §4, §5): URL and HashKey required, Discard changes, Save, and Delete
 * once saved. After a save the form shows what was saved; after a delete it is empty again.
 */
export function WebhookForm({ saved, canChange }: WebhookFormProps) {
  const save = useSaveStagingWebhook();
  const remove = useDeleteStagingWebhook();
  const [values, setValues] = useState<StagingRestoreWebhook>(saved ?? EMPTY);
  const [touched, setTouched] = useState<Partial<Record<WebhookField, boolean>>>({});
  const errors = webhookErrors(values);
  const valid = Object.keys(errors).length === 0;
  const baseline = saved ?? EMPTY;
  const dirty = values.URL !== baseline.URL || values.HashKey !== baseline.HashKey;
  const busy = save.isPending || remove.isPending;

  const resetTo = (next: StagingRestoreWebhook) => {
    setValues(next);
    setTouched({});
  };

  const submit = () => {
    if (!valid) return setTouched({ URL: true, HashKey: true });
    save.mutate(
      { URL: values.URL.trim(), HashKey: values.HashKey.trim() },
      {
        onSuccess: (webhook) => {
          resetTo(webhook);
          stagingToast('success', STAGING_TEXTS.saved);
        },
        onError: (error) => {
          // Spec 1 §8: a 404 on save is 'Not Found' with the server's message; others go to the generic handler.
          if (isPortalError(error) && error.status === 404)
            stagingToast('error', STAGING_TEXTS.notFound, error.message);
          else notifyError(error);
        },
      },
    );
  };

  const deleteWebhook = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        resetTo(EMPTY);
        stagingToast('success', STAGING_TEXTS.deleted);
      },
      onError: notifyError,
    });

  const inputProps = (name: WebhookField) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
    onBlur: () => setTouched({ ...touched, [name]: true }),
  });

  const field = (name: WebhookField, label: string, helper?: string) => (
    <Field.Root required invalid={touched[name] === true && errors[name] !== undefined} readOnly={!canChange}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {name === 'HashKey' ? (
        // The shared signing key is a secret: masked, with a reveal button.
        <SecretInput name="HashKey" {...inputProps(name)} />
      ) : (
        <Input type="text" inputMode="url" autoComplete="off" {...inputProps(name)} />
      )}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack
      as="form"
      aria-label={STAGING_TEXTS.title}
      gap="4"
      maxW="2xl"
      onSubmit={(event) => {
        event.preventDefault();
        if (canChange) submit();
      }}
    >
      {field('URL', 'URL')}
      {field('HashKey', 'HashKey', STAGING_TEXTS.hashKeyHelp)}
      {canChange && (
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" disabled={!dirty || busy} onClick={() => resetTo(baseline)}>
            Discard changes
          </Button>
          <Button type="submit" colorPalette="blue" disabled={!dirty || busy} loading={save.isPending}>
            Save
          </Button>
          {saved && (
            <Button
              colorPalette="red"
              variant="outline"
              onClick={deleteWebhook}
              loading={remove.isPending}
              disabled={busy}
            >
              Delete
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
