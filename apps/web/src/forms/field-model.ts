import type { JsonValue, SchemaObject } from '@/description/openapi-types';

// FIELD MODEL
// Turns a dereferenced request-body schema into a flat-per-level list of fields the renderer, the validator and
// the normalizer all read, so the three never disagree about what a property is (spec 2 §3 "Form fields").

export type ControlKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'password'
  | 'number'
  | 'integer'
  | 'switch'
  | 'select'
  | 'datetime'
  | 'object'
  | 'array'
  | 'multiselect'
  | 'json';

export interface FieldRules {
  readonly required: boolean;
  readonly email: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** For `array` and `multiselect`: the JSON Schema `minItems` / `maxItems`. */
  readonly minItems?: number;
  readonly maxItems?: number;
}

export interface FormField {
  /** Dot path into the form values, e.g. `Address.Street1`. */
  readonly path: string;
  /** The property name, e.g. `FirstName`. */
  readonly name: string;
  /** What the user reads, e.g. `First Name`. */
  readonly label: string;
  readonly control: ControlKind;
  readonly rules: FieldRules;
  readonly helpText?: string;
  /** Enum values for `select` and `multiselect`. */
  readonly options?: readonly JsonValue[];
  /** Child fields for `object`. */
  readonly fields?: readonly FormField[];
  /**
   * For `array`: what one item is. A template: its own path is empty and its child paths are relative to the item;
   * `arrayItemField` places it at a concrete index.
   */
  readonly item?: FormField;
  /** Names a resource identifier, so the admin screens may swap in a picker for it. */
  readonly idField: boolean;
  /**
   * The identifier a picker resolves when the field is no property of its own: an item of `ApiClientIDs` is an
   * `ApiClientID` (items are named after their list and position).
   */
  readonly idName?: string;
  /** A schema shape the engine does not know; edited as raw JSON so the user can still send it. */
  readonly unhandled: boolean;
  readonly schema: SchemaObject;
}

export type FormMode = 'create' | 'edit';

export interface BuildOptions {
  /** Required property names of the top level (the request body's `requiredFields`). */
  readonly required?: readonly string[];
  readonly mode: FormMode;
}

/** Strings longer than this get a multi-line box (spec 1 §5, spec 2 §3). */
export const TEXTAREA_MIN_MAX_LENGTH = 200;

// Spec 2 §3 lists these and says "and others"; any other name ending in ID is treated the same way below.
const ID_FIELD_NAMES = new Set([
  'ApiClientID',
  'BuyerID',
  'BundleID',
  'SupplierID',
  'CatalogID',
  'SecurityProfileID',
  'MessageSenderID',
  'UserGroupID',
  'UserID',
  'SpecID',
  'ProductID',
  'LocaleID',
  'PromotionID',
  'PriceScheduleID',
  'DefaultCatalogID',
  'DefaultPriceScheduleID',
  'DefaultSupplierID',
  'ShipFromAddressID',
  'ParentID',
  'DefaultOptionID',
  'FromCompanyID',
  'ToCompanyID',
  'FromUserID',
  'BillingAddressID',
  'ShippingAddressID',
  'ClientID',
  'ImpersonationBuyerID',
  'ImpersonationGroupID',
  'ImpersonationUserID',
  'IntegrationEventID',
  'OrderCheckoutIntegrationEventID',
  'OrderReturnIntegrationEventID',
  'AddToCartIntegrationEventID',
  'DeliveryConfigID',
]);

/**
 * An ID text box outside a generated form (a recipe's product, a sync's catalog): the field the ID picker needs to
 * offer the marketplace's list for `name` (e.g. 'CatalogID').
 */
export function standaloneIdField(name: string, label: string): FormField {
  return {
    path: name,
    name,
    label,
    control: 'text',
    rules: { required: false, email: false },
    idField: true,
    unhandled: false,
    schema: { type: 'string' },
  };
}

/** True for a property naming another resource's identifier (not the item's own `ID`). */
export function isIdFieldName(name: string): boolean {
  return ID_FIELD_NAMES.has(name) || (name.length > 2 && name.endsWith('ID'));
}

/**
 * The label for a property name.
 *
 * @example
 * fieldLabel('FirstName'); // 'First Name'
 * fieldLabel('DefaultPriceScheduleID'); // 'Default Price Schedule ID'
 * fieldLabel('xp'); // 'Extended Properties (xp)'
 */
export function fieldLabel(name: string): string {
  if (name === 'xp') return 'Extended Properties (xp)';
  const spaced = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    // The rule above splits the plural of ID (`ApiClientIDs`) as an acronym followed by a word.
    .replace(/\bI Ds\b/g, 'IDs')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function isPasswordField(name: string, schema: SchemaObject): boolean {
  return schema.format === 'password' || /password/i.test(name);
}

function controlFor(name: string, schema: SchemaObject): { control: ControlKind; unhandled: boolean } {
  if (schema.enum && schema.enum.length > 0) return { control: 'select', unhandled: false };
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date-time') return { control: 'datetime', unhandled: false };
      if (isPasswordField(name, schema)) return { control: 'password', unhandled: false };
      // The format lets a list of addresses (named e.g. `Emails`) check each item too.
      if (name.toLowerCase() === 'email' || schema.format === 'email') return { control: 'email', unhandled: false };
      if ((schema.maxLength ?? 0) > TEXTAREA_MIN_MAX_LENGTH) return { control: 'textarea', unhandled: false };
      return { control: 'text', unhandled: false };
    case 'integer':
      return { control: 'integer', unhandled: false };
    case 'number':
      return { control: 'number', unhandled: false };
    case 'boolean':
      return { control: 'switch', unhandled: false };
    case 'array':
      return arrayControlFor(name, schema);
    case 'object':
    case undefined:
      // Objects with known properties nest; free-form ones (xp, additionalProperties) are edited as JSON.
      if (schema.properties && Object.keys(schema.properties).length > 0)
        return { control: 'object', unhandled: false };
      return { control: 'json', unhandled: schema.type === undefined && !schema['x-circular-ref'] };
    default:
      return { control: 'json', unhandled: true };
  }
}

function arrayControlFor(name: string, schema: SchemaObject): { control: ControlKind; unhandled: boolean } {
  const items = schema.items;
  // Lists of lists have no item editor (spec 2 §3: xp array items cannot be arrays), nor do untyped items.
  if (!items || items.type === 'array') return { control: 'json', unhandled: true };
  const item = controlFor(name, items);
  // An enum list is a set of choices (the security profile's Roles): a checkbox per option shows every choice
  // and what is chosen at a glance and cannot pick one twice, which one dropdown per item would hide and allow.
  if (item.control === 'select') return { control: 'multiselect', unhandled: false };
  // Free-form or unknown items: the whole list is edited as JSON, flagged only when the item shape is unknown.
  if (item.control === 'json') return item;
  return { control: 'array', unhandled: false };
}

function numberKeyword(schema: SchemaObject, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function rulesFor(control: ControlKind, schema: SchemaObject, required: boolean): FieldRules {
  const isString = schema.type === 'string';
  const isNumeric = control === 'number' || control === 'integer';
  const isList = control === 'array' || control === 'multiselect';
  const minItems = isList ? numberKeyword(schema, 'minItems') : undefined;
  const maxItems = isList ? numberKeyword(schema, 'maxItems') : undefined;
  return {
    required,
    email: control === 'email',
    ...(isNumeric && schema.minimum !== undefined ? { minimum: schema.minimum } : {}),
    ...(isNumeric && schema.maximum !== undefined ? { maximum: schema.maximum } : {}),
    ...(isString && schema.minLength !== undefined ? { minLength: schema.minLength } : {}),
    ...(isString && schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
  };
}

interface FieldSpec {
  readonly name: string;
  readonly path: string;
  readonly label: string;
  readonly schema: SchemaObject;
  readonly required: boolean;
  readonly idField: boolean;
}

function buildField(spec: FieldSpec, mode: FormMode): FormField {
  const { name, path, label, schema, required, idField } = spec;
  const { control, unhandled } = controlFor(name, schema);
  return {
    path,
    name,
    label,
    control,
    rules: rulesFor(control, schema, required),
    ...(schema.description ? { helpText: schema.description } : {}),
    ...(control === 'select' ? { options: schema.enum } : {}),
    ...(control === 'multiselect' ? { options: schema.items?.enum } : {}),
    ...(control === 'object' ? { fields: buildFields(schema, schema.required ?? [], mode, path) } : {}),
    // Items are built at an empty path so one template serves every index (see `arrayItemField`). Every item is
    // required: an unwanted one is removed with its button rather than left blank.
    ...(control === 'array' && schema.items ? { item: itemTemplate(spec, schema.items, mode) } : {}),
    idField,
    unhandled,
    schema,
  };
}

/** The item of a list: a list of ids (`ApiClientIDs`, `PaymentIDs`) holds identifiers, each with its picker. */
function itemTemplate(list: FieldSpec, items: SchemaObject, mode: FormMode): FormField {
  const idName = list.name.endsWith('IDs') ? list.name.slice(0, -1) : '';
  const idField = items.type === 'string' && idName !== '' && isIdFieldName(idName);
  const item = buildField({ ...list, path: '', schema: items, required: true, idField }, mode);
  return idField ? { ...item, idName } : item;
}

function buildFields(schema: SchemaObject, required: readonly string[], mode: FormMode, prefix: string): FormField[] {
  const fields: FormField[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    // Read-only values come from the server; the form neither shows nor sends them (spec 2 §5).
    if (property.readOnly) continue;
    // Spec 2 §3: password fields appear only when editing an existing item.
    if (property.type === 'string' && isPasswordField(name, property) && mode !== 'edit') continue;
    const path = prefix ? `${prefix}.${name}` : name;
    const spec: FieldSpec = {
      name,
      path,
      label: fieldLabel(name),
      schema: property,
      required: required.includes(name),
      idField: property.type === 'string' && isIdFieldName(name),
    };
    fields.push(buildField(spec, mode));
  }
  return fields;
}

/**
 * The fields of a request body.
 *
 * @example
 * buildFieldModel(op.requestBody.schema, { required: op.requestBody.requiredFields, mode: 'create' });
 */
export function buildFieldModel(schema: SchemaObject, options: BuildOptions): FormField[] {
  return buildFields(schema, options.required ?? schema.required ?? [], options.mode, '');
}

/** Every field, depth first, nested object fields included after their parent (array item templates are not). */
export function flattenFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) => [field, ...flattenFields(field.fields ?? [])]);
}

/** Where a primitive item's value sits inside its form entry; entries are objects so the form can key them. */
export const ITEM_VALUE_KEY = 'value';

function placeAt(fields: readonly FormField[], base: string): FormField[] {
  return fields.map((field) => ({
    ...field,
    path: `${base}.${field.path}`,
    ...(field.fields ? { fields: placeAt(field.fields, base) } : {}),
  }));
}

/**
 * Item `index` of an `array` field, placed at its path in the form values and labelled by its position.
 *
 * @example
 * arrayItemField(tags, 1); // { path: 'Tags.1.value', label: 'Tags item 2', control: 'text', ... }
 * arrayItemField(addresses, 0).fields?.[0]?.path; // 'Addresses.0.City'
 */
export function arrayItemField(field: FormField, index: number): FormField {
  const { item } = field;
  if (!item) throw new Error(`${field.path} has no item editor`);
  const base = `${field.path}.${index}`;
  const position = index + 1;
  return {
    ...item,
    path: item.control === 'object' ? base : `${base}.${ITEM_VALUE_KEY}`,
    // Items have no property name of their own; the position keeps messages that quote the name unambiguous.
    name: `${field.name} item ${position}`,
    label: `${field.label} item ${position}`,
    ...(item.fields ? { fields: placeAt(item.fields, base) } : {}),
  };
}
