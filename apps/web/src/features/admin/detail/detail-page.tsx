import { Alert, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { canManageFromList } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation, requireOperation } from '@/description/api-model';
import type { JsonValue } from '@/description/openapi-types';
import { changedFields } from '@/forms/diff';
import { buildFieldModel } from '@/forms/field-model';
import { toFormValues, toRequestBody } from '@/forms/normalize';
import { placePlatformErrors, platformErrorEntries } from '@/forms/platform-field-errors';
import { PickerScope } from '@/forms/pickers/picker-source';
import { SchemaForm } from '@/forms/schema-form';
import { expressionFieldSlots } from '@/features/expressions';
import { withKeptQuery } from '@/lib/keep-query';
import { isPortalError } from '@/services/portal-error';
import { toaster } from '@/ui/toaster';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { apiPathParams, type RouteParams } from '../catalogue/resolve-path';
import { errorMessagesOf, useAdminApi, type Item } from '../lib/admin-api';
import { itemQueryKey, useItem } from '../lib/item-queries';
import { RecreateNotice, useRecreatePrefill } from '../history/recreate';
import { ResourceSummarySlot, SpecialDetailSlot } from '../slots';
import { DeleteDialog } from './delete-dialog';
import { ItemFrame } from './item-frame';
import { NewerItemNotice } from './newer-item-notice';
import { ReadOnlyFields } from './read-only-fields';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useShownItem } from './use-shown-item';
import { replacementBody, useXpForm, withRemovedXp, XpReadingProgress } from '../xp';

function PlatformErrors({ messages }: { messages: readonly string[] }) {
  // A refusal shown here, far above the Save button, takes focus so keyboard and screen-reader users reach it.
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (messages.length > 0) alert.current?.focus();
  }, [messages]);
  if (messages.length === 0) return null;
  return (
    <Alert.Root status="error" role="alert" ref={alert} tabIndex={-1}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {messages.length === 1 ? messages[0] : `${messages.length} errors need to be resolved.`}
        </Alert.Title>
        {messages.length > 1 && (
          <Alert.Description>
            <List.Root ps="4">
              {messages.map((message, index) => (
                <List.Item key={index}>{message}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** `/admin/.../{id}` and `/admin/.../new`: the item's form (or its fields, read-only), Save, Discard and Delete. */
export function DetailPage(props: { collection: CatalogueCollection; params: RouteParams; itemId: string | null }) {
  const { collection, params, itemId } = props;
  const { description, roles, marketplace } = usePortalContext();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [errors, setErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const dirty = useRef(false);
  // Also state: a changed item read meanwhile waits while the form has changes (see useShownItem).
  const [formDirty, setFormDirty] = useState(false);
  const isDirty = useCallback(() => dirty.current, []);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
    setFormDirty(value);
  }, []);

  const isNew = itemId === null;
  const item = useItem(collection, params, itemId);
  const shown = useShownItem(item.data, formDirty);
  // 'Recreate' on a deleted item's History opens this form with its last state (issue 23).
  const prefill = useRecreatePrefill(isNew);
  const { operations } = collection;
  const op = (id: string | undefined) => (id === undefined ? undefined : getOperation(description, id));
  const listOperation = requireOperation(description, operations.list);
  const getOperationModel = op(operations.get);
  const canManage = !collection.readOnly && canManageFromList(roles, listOperation);
  const writeOperation = isNew ? op(operations.create) : (op(operations.patch) ?? op(operations.save));
  const deleteOperation = op(operations.delete);
  const saveOperation = op(operations.save);
  const pathParams = apiPathParams(collection, params);
  const parentPath = pathname.slice(0, pathname.lastIndexOf('/'));

  const bodyFields = useMemo(() => {
    const body = writeOperation?.requestBody;
    if (!body) return [];
    const hidden = collection.hiddenFields ?? [];
    const model = buildFieldModel(body.schema, { required: body.requiredFields, mode: isNew ? 'create' : 'edit' });
    return model.filter((field) => !hidden.includes(field.name));
  }, [writeOperation, collection.hiddenFields, isNew]);
  // xp's fields come from a schema inferred from the resource's items (spec 2 §3); readers see the item's fields
  // as they are, so only a form reads the items.
  const xp = useXpForm({
    collection,
    params,
    fields: bodyFields,
    enabled: canManage,
    item: shown.data,
    itemVersion: shown.version,
    isNew,
  });
  const { fields, defaultFields } = xp;
  const defaultValues = useMemo(
    () => toFormValues(defaultFields, isNew ? prefill : shown.data),
    [defaultFields, isNew, prefill, shown.data],
  );

  // A refusal's messages about a field go beside it (and into the form's summary), the rest into the alert above.
  const showRefusal = (error: unknown) => {
    const placed = placePlatformErrors(fields, platformErrorEntries(error));
    setFieldErrors(placed.byPath);
    setErrors(Object.keys(placed.byPath).length > 0 ? [...placed.unplaced] : errorMessagesOf(error));
  };

  const submit = async (body: { [key: string]: JsonValue }) => {
    if (!writeOperation) return;
    setErrors([]);
    setFieldErrors({});
    try {
      if (isNew) {
        const created = await api.write(writeOperation, pathParams, xp.prepareBody(body, defaultValues));
        if (typeof created.ID !== 'string')
          throw Object.assign(new Error('The platform did not return an ID.'), { body: created });
        dirty.current = false;
        void navigate(
          withKeptQuery(`${pathname.slice(0, pathname.lastIndexOf('/'))}/${encodeURIComponent(created.ID)}`, search),
          {
            replace: true,
          },
        );
        return;
      }
      // PATCH sends only what changed; a PUT-only resource is saved whole (spec 2 §5).
      const initial = toRequestBody(fields, defaultValues);
      const sent =
        writeOperation.method === 'patch'
          ? changedFields(initial, body)
          : xp.prepareBody(body, defaultValues, item.data ?? {});
      // PATCH merges xp and cannot delete a property: removing one puts the whole item (see replacementBody).
      const replace = xp.removed.length > 0 && saveOperation && item.data;
      const saved = replace
        ? await api.write(saveOperation, pathParams, replacementBody(item.data ?? {}, sent, xp.removed))
        : await api.write(writeOperation, pathParams, withRemovedXp(sent, xp.removed));
      const savedKey = itemQueryKey(marketplace.Id, getOperationModel?.id ?? '', params);
      queryClient.setQueryData(savedKey, saved);
      // The form starts over with the saved item (as the cache holds it), its changes now the item's own.
      shown.take(queryClient.getQueryData<Item>(savedKey));
      await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id, 'list'] });
      toaster.create({ type: 'success', title: `${collection.singular} saved` });
    } catch (error) {
      showRefusal(error);
    }
  };

  const remove = async () => {
    if (!deleteOperation) return;
    try {
      await api.remove(deleteOperation, pathParams);
    } catch (error) {
      setErrors(errorMessagesOf(error));
      return;
    }
    dirty.current = false;
    queryClient.removeQueries({ queryKey: itemQueryKey(marketplace.Id, getOperationModel?.id ?? '', params) });
    await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id, 'list'] });
    toaster.create({ type: 'success', title: `${collection.singular} deleted` });
    void navigate(withKeptQuery(parentPath, search));
  };

  let body;
  if (!isNew && item.isPending) {
    body = <Spinner size="sm" aria-label={`Loading ${collection.singular.toLowerCase()}`} />;
  } else if (!isNew && !item.data) {
    // A 404 is an item that is gone (deleted, or a stale link), not a failure to retry: say which it is.
    const gone = isPortalError(item.error) && item.error.status === 404;
    const what = `This ${collection.singular.toLowerCase()}`;
    body = (
      <Text color="fg.muted">
        {gone ? `${what} was not found. It may have been deleted.` : `${what} could not be loaded.`}
      </Text>
    );
  } else if (canManage && xp.reading) {
    body = <XpReadingProgress progress={xp.schema.progress} label={collection.label} />;
  } else if (!canManage || !writeOperation) {
    body = isNew ? (
      <Text>Your roles do not allow creating {collection.label.toLowerCase()}.</Text>
    ) : (
      <ReadOnlyFields
        item={item.data ?? {}}
        schema={getOperationModel?.responseSchema ?? null}
        hiddenFields={collection.hiddenFields ?? []}
        heading={collection.special ? 'All fields' : undefined}
      />
    );
  } else {
    body = (
      // ID pickers take parent ids (buyerID, catalogID, ...) from the route, e.g. a buyer's approving group.
      <PickerScope ownerResourceId={writeOperation.resourceId} params={pathParams}>
        <SchemaForm
          key={`${shown.version}:${xp.generation}`}
          fields={fields}
          defaultValues={defaultValues}
          onSubmit={submit}
          submitLabel={isNew ? `Create ${collection.singular}` : 'Save'}
          // A prefilled form may be created as it is.
          saveOnlyWhenChanged={prefill === undefined}
          discardable
          stickyActions
          onDirtyChange={onDirtyChange}
          platformErrors={fieldErrors}
          // Promotions and approval rules get the expression builder beside their expression fields.
          fieldSlots={{ ...xp.fieldSlots, ...expressionFieldSlots(writeOperation.resourceId) }}
          actions={
            !isNew && deleteOperation ? <DeleteDialog singular={collection.singular} onConfirm={remove} /> : undefined
          }
        />
      </PickerScope>
    );
  }

  return (
    <ItemFrame collection={collection} owner={isNew ? null : { params, itemId, href: pathname }}>
      <Stack gap="4" maxW="3xl">
        <PlatformErrors messages={errors} />
        <RecreateNotice singular={collection.singular} prefill={prefill} />
        {shown.newer && <NewerItemNotice singular={collection.singular} onLoad={shown.takeNewer} />}
        {/* What is special about an order (or its line item, payment, shipment) leads: it is what people read. */}
        {collection.special && SpecialDetailSlot && item.data && (
          <Suspense fallback={null}>
            <SpecialDetailSlot collection={collection} params={params} item={item.data} />
          </Suspense>
        )}
        {/* A resource's own summary (a product's picture, prices and stock) sits above its generated form. */}
        {ResourceSummarySlot && !isNew && item.data && (
          <Suspense fallback={null}>
            <ResourceSummarySlot collection={collection} params={params} item={item.data} />
          </Suspense>
        )}
        {body}
      </Stack>
      <UnsavedChangesGuard when={isDirty} />
    </ItemFrame>
  );
}
