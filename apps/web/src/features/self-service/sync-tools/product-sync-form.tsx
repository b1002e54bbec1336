import { Field, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { catalogIdError, type ProductSyncValues } from './sync-model';
import { SyncIdPicker } from './sync-id-picker';
import { SyncSubmit, useSyncSubmission } from './sync-submit';

const EMPTY: ProductSyncValues = { CatalogID: '', CategoryID: '' };

/** Product sync (spec 1 §2): a catalog, optionally one of its categories; Catalog ID is checked when left. */
export function ProductSyncForm() {
  const submission = useSyncSubmission('product');
  const [values, setValues] = useState(EMPTY);
  const [catalogTouched, setCatalogTouched] = useState(false);
  const error = catalogIdError(values);

  const reset = () => {
    setValues(EMPTY);
    setCatalogTouched(false);
  };

  return (
    <Stack
      as="form"
      gap="4"
      maxW="lg"
      onSubmit={(event) => {
        event.preventDefault();
        if (error) return setCatalogTouched(true);
        const fields = { CatalogID: values.CatalogID.trim(), CategoryID: values.CategoryID.trim() || null };
        submission.submit('synchronizecatalog', fields, reset);
      }}
    >
      <Text color="fg.muted">
        Sends the catalog's products (or one category's) to the marketplace's delivery configurations, in batches.
      </Text>
      <Field.Root required invalid={catalogTouched && error !== undefined}>
        <Field.Label>
          Catalog ID
          <Field.RequiredIndicator />
        </Field.Label>
        <SyncIdPicker
          name="CatalogID"
          label="Catalog ID"
          value={values.CatalogID}
          onChange={(CatalogID) => setValues({ ...values, CatalogID })}
          onBlur={() => setCatalogTouched(true)}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>Category ID</Field.Label>
        <SyncIdPicker
          name="CategoryID"
          label="Category ID"
          value={values.CategoryID}
          onChange={(CategoryID) => setValues({ ...values, CategoryID })}
          catalogId={values.CatalogID}
        />
        <Field.HelperText>Optional: only this category's products.</Field.HelperText>
      </Field.Root>
      <SyncSubmit submission={submission} valid={error === undefined} />
    </Stack>
  );
}
