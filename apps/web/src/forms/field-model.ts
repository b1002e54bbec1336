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
  | 'json';

export interface FieldRules {
  readonly required: boolean;
  readonly email: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
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
  /** Enum values for `select`. */
  readonly options?: readonly JsonValue[];
  /** Child fields for `object`. */
  readonly fields?: readonly FormField[];
  /** Names a resource identifier, so the admin screens may swap in a picker for it. */
  readonly idField: boolean;
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
      if (name.toLowerCase() === 'email') return { control: 'email', unhandled: false };
      if ((schema.maxLength ?? 0) > TEXTAREA_MIN_MAX_LENGTH) return { control: 'textarea', unhandled: false };
      return { control: 'text', unhandled: false };
    case 'integer':
      return { control: 'integer', unhandled: false };
    case 'number':
      return { control: 'number', unhandled: false };
    case 'boolean':
      return { control: 'switch', unhandled: false };
    case 'array':
      return { control: 'array', unhandled: false };
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

function buildFields(schema: SchemaObject, required: readonly string[], mode: FormMode, prefix: string): FormField[] {
  const fields: FormField[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    // Read-only values come from the server; the form neither shows nor sends them (spec 2 §5).
    if (property.readOnly) continue;
    // Spec 2 §3: password fields appear only when editing an existing item.
    if (property.type === 'string' && isPasswordField(name, property) && mode !== 'edit') continue;
    const path = prefix ? `${prefix}.${name}` : name;
    const { control, unhandled } = controlFor(name, property);
    const isString = property.type === 'string';
    const isNumeric = control === 'number' || control === 'integer';
    const field: FormField = {
      path,
      name,
      label: fieldLabel(name),
      control,
      rules: {
        required: required.includes(name),
        email: control === 'email',
        ...(isNumeric && property.minimum !== undefined ? { minimum: property.minimum } : {}),
        ...(isNumeric && property.maximum !== undefined ? { maximum: property.maximum } : {}),
        ...(isString && property.minLength !== undefined ? { minLength: property.minLength } : {}),
        ...(isString && property.maxLength !== undefined ? { maxLength: property.maxLength } : {}),
      },
      ...(property.description ? { helpText: property.description } : {}),
      ...(control === 'select' ? { options: property.enum } : {}),
      ...(control === 'object' ? { fields: buildFields(property, property.required ?? [], mode, path) } : {}),
      idField: isString && isIdFieldName(name),
      unhandled,
      schema: property,
    };
    fields.push(field);
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

/** Every field, depth first, nested object fields included after their parent. */
export function flattenFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) => [field, ...flattenFields(field.fields ?? [])]);
}
