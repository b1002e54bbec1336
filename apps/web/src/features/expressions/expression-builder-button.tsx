import { Button, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { usePortalContext } from '@/app/portal/portal-context';
import type { FormField } from '@/forms/field-model';
import type { FormValues } from '@/forms/normalize';
import { SchemaFields, type FieldSlots } from '@/forms/schema-form';
import type { BuilderSubject, BuilderValues } from './expression-builder-dialog';
import { expressionFields } from './expression-fields';

// The builder (react-querybuilder and the language package) loads when it is first opened.
const ExpressionBuilderDialog = lazy(async () => ({
  default: (await import('./connected-builder-dialog')).ConnectedBuilderDialog,
}));

const EXPRESSION_FIELDS = ['EligibleExpression', 'ValueExpression', 'RuleExpression'];

/** The form resources that hold expressions, by the write operation's resource id. */
export function builderSubjectOf(resourceId: string): BuilderSubject | null {
  if (resourceId === 'Promotions') return 'promotion';
  if (resourceId === 'ApprovalRules') return 'approvalRule';
  if (resourceId === 'SellerApprovalRules') return 'sellerApprovalRule';
  return null;
}

/**
 * 'Expression Builder' beside an expression field of the promotion and approval rule forms. Save in the builder
 * writes the expressions (and a promotion's LineItemLevel) into the form; the form's own Save sends them.
 */
export function ExpressionBuilderButton({ subject, field }: { subject: BuilderSubject; field: FormField }) {
  const [open, setOpen] = useState(false);
  const form = useFormContext<FormValues>();
  const { description } = usePortalContext();
  const baseFields = useMemo(() => expressionFields(description), [description]);
  const text = (name: string) => {
    const value = form.getValues(name);
    return typeof value === 'string' ? value : '';
  };
  const count = (name: string) => {
    const value = form.getValues(name);
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(number) ? number : null;
  };
  const save = (values: BuilderValues) => {
    for (const [name, value] of Object.entries(values)) {
      form.setValue(name, value as string | boolean, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    }
    setOpen(false);
  };
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        aria-label={`Expression Builder for ${field.label}`}
        onClick={() => setOpen(true)}
      >
        Expression Builder
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExpressionBuilderDialog
            subject={subject}
            baseFields={baseFields}
            initial={{
              EligibleExpression: text('EligibleExpression'),
              ValueExpression: text('ValueExpression'),
              RuleExpression: text('RuleExpression'),
              LineItemLevel: form.getValues('LineItemLevel') === true,
            }}
            lineLimits={{
              itemLimit: count('ItemLimitPerOrder'),
              quantityLimit: count('QuantityLimitPerOrder'),
              sortBy: text('ItemSortBy'),
            }}
            onSave={save}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Field slots for the detail form (SchemaForm's `fieldSlots`): each expression field as the engine renders it,
 * with the 'Expression Builder' button below it. Undefined for resources without expressions.
 */
export function expressionFieldSlots(resourceId: string): FieldSlots | undefined {
  const subject = builderSubjectOf(resourceId);
  if (!subject) return undefined;
  const slot = (field: FormField) => (
    <Stack gap="2">
      <SchemaFields fields={[field]} />
      <ExpressionBuilderButton subject={subject} field={field} />
    </Stack>
  );
  return Object.fromEntries(EXPRESSION_FIELDS.map((name) => [name, slot]));
}
