import { Box, Field, Flex, Input } from '@chakra-ui/react';
import { useState } from 'react';
import type { ControlProps } from '@/forms/control-props';
import { standaloneIdField } from '@/forms/field-model';
import { IdPicker } from '@/forms/pickers/id-picker';
import { PickerScope, usePickerSource } from '@/forms/pickers/picker-source';

// PRODUCT AND CATEGORY PICKERS
// Product and category IDs in recipes and rules are picked with the admin forms' ID pickers: any ID may still be
// typed or pasted, the marketplace's products, or the categories of a chosen catalog, are offered underneath by
// name. A category ID alone goes into the expression (incategory compares IDs in any catalog); the catalog only
// says whose categories to list. Without a picker source (tests, screens outside the admin) a plain text box.

type IdName = 'ProductID' | 'CatalogID' | 'CategoryID';

interface IdPickerFieldProps {
  readonly name: IdName;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Inside a rule row the label is for assistive technology only (the row's own controls say what it is). */
  readonly hideLabel?: boolean;
  readonly required?: boolean;
  readonly helperText?: string;
  /** Categories are listed per catalog. */
  readonly catalogId?: string;
}

/** One labelled ID picker (the label names the combobox); a plain text box where nothing can be listed. */
export function IdPickerField(props: IdPickerFieldProps) {
  const { name, label, value, onChange, hideLabel = false, required = false, helperText, catalogId } = props;
  const control: ControlProps = { value, name, onBlur: () => {}, onChange: (next) => onChange(String(next)) };
  const fallback = <Input size="sm" value={value} onChange={(event) => onChange(event.target.value)} />;
  const catalog = catalogId?.trim();
  return (
    <Field.Root required={required}>
      <Field.Label srOnly={hideLabel}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {/* The category list reads its catalogID path parameter from the scope; other lists need none. */}
      <PickerScope params={catalog ? { catalogID: catalog } : undefined}>
        <IdPicker field={standaloneIdField(name, label)} control={control} fallback={fallback} />
      </PickerScope>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * A category ID picked from a catalog's categories: the catalog first, then its categories by name. Where the
 * marketplace cannot be listed, the category ID alone as text.
 */
export function CategoryPickerFields(props: Omit<IdPickerFieldProps, 'name' | 'catalogId'>) {
  const [catalogId, setCatalogId] = useState('');
  const listable = usePickerSource() !== null;
  const inline = props.hideLabel === true;
  const category = <IdPickerField {...props} name="CategoryID" catalogId={catalogId} />;
  if (!listable) return category;
  return (
    <Flex
      direction={inline ? 'row' : 'column'}
      gap={inline ? '2' : '3'}
      wrap="wrap"
      align={inline ? 'center' : 'stretch'}
    >
      <Box minW={inline ? '12rem' : undefined}>
        <IdPickerField
          name="CatalogID"
          label="Catalog"
          hideLabel={inline}
          value={catalogId}
          onChange={setCatalogId}
          {...(inline ? {} : { helperText: 'Whose categories to list; the expression names the category alone.' })}
        />
      </Box>
      <Box minW={inline ? '12rem' : undefined}>{category}</Box>
    </Flex>
  );
}
