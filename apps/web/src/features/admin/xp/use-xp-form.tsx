import { useCallback, useMemo, useState } from 'react';
import type { JsonValue } from '@/description/openapi-types';
import { changedFields } from '@/forms/diff';
import { buildFieldModel, type FormField } from '@/forms/field-model';
import { toRequestBody, type FormValues } from '@/forms/normalize';
import type { FieldSlots } from '@/forms/schema-form';
import type { CatalogueCollection } from '../catalogue/catalogue';
import type { RouteParams } from '../catalogue/resolve-path';
import type { Item } from '../lib/admin-api';
import { useXpSchema, type XpSchemaState } from './use-xp-schema';
import { itemXpSchema } from './xp-conformance';
import { XpSection } from './xp-section';

type Body = { [key: string]: JsonValue };

/** The xp field of a form built from a schema; required when editing so its body is always an object. */
function xpField(schema: ReturnType<typeof itemXpSchema>, mode: 'create' | 'edit'): FormField | undefined {
  const required = mode === 'edit' ? ['xp'] : [];
  return buildFieldModel({ type: 'object', properties: { xp: schema } }, { required, mode })[0];
}

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merged(target: unknown, patch: JsonValue): JsonValue {
  if (!isBody(target) || !isBody(patch)) return patch;
  const out: Body = { ...target };
  for (const [key, value] of Object.entries(patch)) out[key] = merged(target[key], value);
  return out;
}

/**
 * The whole item to PUT when xp properties are removed: PATCH merges xp, so a property sent as null stays, as
 * null (a hidden property). The item as loaded, the changes merged in as PATCH would, the removed keys left out;
 * read-only values go back as they came, which the platform accepts.
 *
 * @example
 * replacementBody({ ID: 'p', Name: 'A', xp: { Color: 'Red', Size: 4 } }, { Name: 'B' }, ['Color']);
 * // { ID: 'p', Name: 'B', xp: { Size: 4 } }
 */
export function replacementBody(item: Item, changes: Body, removed: readonly string[]): Body {
  const body = merged(item, changes) as Body;
  const xp = isBody(body.xp) ? { ...body.xp } : {};
  for (const name of removed) delete xp[name];
  return { ...body, xp };
}

/**
 * A PATCH body with removed properties set to null: the fallback for a resource without a PUT, where a null is the
 * nearest PATCH gets to removing (the property stays, without a value).
 *
 * @example
 * withRemovedXp({ Name: 'A' }, ['Color']); // { Name: 'A', xp: { Color: null } }
 */
export function withRemovedXp(sent: Body, removed: readonly string[]): Body {
  if (removed.length === 0) return sent;
  const base = isBody(sent.xp) ? sent.xp : {};
  return { ...sent, xp: { ...base, ...Object.fromEntries(removed.map((name) => [name, null])) } };
}

/**
 * A create body whose xp holds only what the user gave: every inferred number and flag would otherwise go out as
 * 0 and false, writing properties into the new item that nobody chose.
 */
export function newItemXp(fields: readonly FormField[], defaults: FormValues, body: Body): Body {
  const after = body.xp;
  if (!isBody(after)) return body;
  // The untouched xp's own body (0 and false included): the whole field would leave an untouched xp out.
  const xp = fields.find((field) => field.path === 'xp');
  const before = toRequestBody(xp?.fields ?? [], defaults.xp);
  const given = changedFields(before, after);
  const { xp: _xp, ...rest } = body;
  return Object.keys(given).length > 0 ? { ...rest, xp: given } : rest;
}

/**
 * A PUT body (a resource saved whole) whose xp is the item's own with the user's changes applied: the form's xp
 * would write 0 and false for every inferred number and flag the item lacks, and drop the values it cannot show.
 *
 * @example
 * putItemXp(fields, defaults, { Name: 'B', xp: { Color: 'Blue', Size: 0 } }, { xp: { Color: 'Red', Note: null } }, []);
 * // { Name: 'B', xp: { Color: 'Blue', Note: null } }
 */
export function putItemXp(
  fields: readonly FormField[],
  defaults: FormValues,
  body: Body,
  item: Item | undefined,
  removed: readonly string[],
): Body {
  const after = body.xp;
  if (!isBody(after)) return body;
  const xpField = fields.find((field) => field.path === 'xp');
  const changes = changedFields(toRequestBody(xpField?.fields ?? [], defaults.xp), after);
  const xp = merged(isBody(item?.xp) ? item.xp : {}, changes) as Body;
  // A value the user cleared comes back as null from the diff; PUT leaves it out instead.
  for (const [name, value] of Object.entries(changes)) if (value === null) delete xp[name];
  for (const name of removed) delete xp[name];
  return { ...body, xp };
}

export interface XpForm {
  /** The form's fields, the xp field built from the inferred schema. */
  readonly fields: readonly FormField[];
  /** The fields the starting values come from: removed properties included, so Discard brings them back. */
  readonly defaultFields: readonly FormField[];
  readonly fieldSlots: FieldSlots | undefined;
  /** Whether the schema is still being read (the form waits for it). */
  readonly reading: boolean;
  readonly schema: XpSchemaState;
  /** Part of the form's key: a schema read again starts the form over. */
  readonly generation: number;
  /** A create body, or a PUT body when `item` is given; PATCH bodies need nothing (see changedFields). */
  readonly prepareBody: (body: Body, defaults: FormValues, item?: Item) => Body;
  /** Properties to remove on Save: the item then goes whole through its PUT (see replacementBody). */
  readonly removed: readonly string[];
}

/** The xp section of a detail form (spec 2 §3, §4), for resources whose body has xp. */
export function useXpForm(props: {
  collection: CatalogueCollection;
  params: RouteParams;
  fields: readonly FormField[];
  item: Item | undefined;
  itemVersion: number;
  isNew: boolean;
  /** Off for readers, who see the item's fields read-only. */
  enabled: boolean;
}): XpForm {
  const { collection, params, fields, item, itemVersion, isNew, enabled } = props;
  const hasXp = enabled && fields.some((field) => field.path === 'xp');
  const schema = useXpSchema(collection, params, hasXp);
  const { inference } = schema;
  // Removals belong to one loaded version of the item: a save (or reload) starts with none.
  const [removal, setRemoval] = useState<{ version: number; names: readonly string[] }>({ version: 0, names: [] });
  // Here rather than in the section: the form inside which the section renders starts over when it takes a newer
  // item, and the user who chose to edit the properties is still editing them.
  const [editing, setEditing] = useState(false);
  const removed = useMemo(() => (removal.version === itemVersion ? removal.names : []), [removal, itemVersion]);
  const itemXp = item?.xp;
  const mode = isNew ? 'create' : 'edit';

  const [formFields, defaultFields] = useMemo(() => {
    if (!hasXp || !inference) return [fields, fields];
    const withXp = (names: readonly string[]) => {
      const field = xpField(itemXpSchema(inference.schema, itemXp, names), mode);
      return fields.map((candidate) => (candidate.path === 'xp' && field ? field : candidate));
    };
    return [withXp(removed), withXp([])];
  }, [hasXp, inference, fields, itemXp, removed, mode]);

  const markRemoved = useCallback(
    (name: string) =>
      setRemoval((current) => ({
        version: itemVersion,
        names: [...(current.version === itemVersion ? current.names : []), name],
      })),
    [itemVersion],
  );
  const restore = useCallback(() => setRemoval({ version: itemVersion, names: [] }), [itemVersion]);

  const fieldSlots = useMemo<FieldSlots | undefined>(() => {
    if (!hasXp || !inference) return undefined;
    return {
      xp: (field) => (
        <XpSection
          field={field}
          collection={collection}
          params={params}
          item={item}
          schema={schema}
          removed={removed}
          editing={editing}
          onEditingChange={setEditing}
          onRemoved={markRemoved}
          onRestore={restore}
        />
      ),
    };
  }, [hasXp, inference, collection, params, item, schema, removed, editing, markRemoved, restore]);

  return {
    fields: formFields,
    defaultFields,
    fieldSlots,
    reading: hasXp && !inference,
    schema,
    generation: schema.generation,
    prepareBody: (body, defaults, existing) => {
      if (!hasXp) return body;
      return existing
        ? putItemXp(formFields, defaults, body, existing, removed)
        : newItemXp(formFields, defaults, body);
    },
    removed,
  };
}
