import 'react-querybuilder/dist/query-builder-layout.css';
import { Box, Button, Code, Field, Heading, HStack, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { validateExpression, type ExpressionError, type ExpressionKind } from '@portal/expressions';
import { useMemo } from 'react';
import { QueryBuilder, type Field as RqbField, type RuleGroupTypeIC, type ValidationMap } from 'react-querybuilder';
import { CONTROL_ELEMENTS, type BuilderContext } from './builder-controls';
import { MODELS, OPERATOR_LABELS, operatorsFor, type ExpressionField } from './expression-fields';
import { fromExpression } from './from-expression';
import {
  COMBINATORS,
  GROUP_OPERATORS_BY_TYPE,
  isMinMax,
  setGroupOperator,
  updateGroupAt,
  withIds,
  type ExpressionType,
  type QueryGroup,
} from './query-tree';
import { tryToExpression } from './to-expression';
import { isQueryValid, validateQuery } from './validate-query';

// EXPRESSION EDITOR
// One expression (Eligible, Value or an approval rule): the query tree on react-querybuilder, with the spec's
// messages at each rule and group and the resulting text below it; or, for an expression the tree cannot show,
// a text box checked as you type by the same language package the platform uses.

export type EditorState = { mode: 'visual'; query: QueryGroup } | { mode: 'text'; text: string; note: string | null };

/** Opens an expression: as a tree when the builder can show it, else as text saying why (never dropped). */
export function openExpression(text: string, fields: readonly ExpressionField[]): EditorState {
  const result = fromExpression(text, fields);
  if (result.ok) return { mode: 'visual', query: withIds(result.query) };
  const note =
    result.reason === 'syntax'
      ? 'This expression cannot be read; correct it as text.'
      : 'The query builder cannot show this expression; edit it as text.';
  return { mode: 'text', text, note };
}

export interface EditorOutcome {
  /** The expression's text, or null while the tree is incomplete. */
  readonly text: string | null;
  readonly valid: boolean;
  readonly validation: ReturnType<typeof validateQuery> | null;
  readonly languageErrors: readonly ExpressionError[];
}

/** What an editor's state gives: its text and whether Save may write it (every check passes). */
export function editorOutcome(
  state: EditorState,
  kind: ExpressionKind,
  fields: readonly ExpressionField[],
  lineItemLevel: boolean,
): EditorOutcome {
  if (state.mode === 'text') {
    const errors = state.text.trim() === '' ? [] : validateExpression(state.text, kind, { lineItemLevel });
    return {
      text: state.text,
      valid: state.text.trim() !== '' && errors.length === 0,
      validation: null,
      languageErrors: errors,
    };
  }
  const validation = validateQuery(state.query, fields, { lineItemLevel });
  const text = tryToExpression(state.query, fields);
  const languageErrors = text === null ? [] : validateExpression(text, kind, { lineItemLevel });
  return {
    text,
    valid: isQueryValid(validation) && text !== null && languageErrors.length === 0,
    validation,
    languageErrors,
  };
}

function toValidationMap(validation: EditorOutcome['validation']): ValidationMap {
  const map: ValidationMap = {};
  for (const [id, reasons] of validation ?? []) map[id] = { valid: reasons.length === 0, reasons };
  return map;
}

function LanguageErrors({ errors }: { errors: readonly ExpressionError[] }) {
  if (errors.length === 0) return null;
  return (
    <List.Root ps="4" color="red.700" fontSize="sm">
      {errors.map((error, index) => (
        <List.Item key={index}>
          {error.message} (position {error.position + 1})
        </List.Item>
      ))}
    </List.Root>
  );
}

export interface ExpressionEditorProps {
  readonly label: string;
  readonly type: ExpressionType;
  readonly kind: ExpressionKind;
  readonly fields: readonly ExpressionField[];
  readonly lineItemLevel: boolean;
  readonly state: EditorState;
  readonly onChange: (state: EditorState) => void;
}

export function ExpressionEditor(props: ExpressionEditorProps) {
  const { label, type, kind, fields, lineItemLevel, state, onChange } = props;
  const outcome = editorOutcome(state, kind, fields, lineItemLevel);
  const fieldOptions = useMemo(
    () =>
      MODELS.map((model) => ({
        label: model.label,
        options: fields
          .filter((field) => field.model === model.id)
          .map((field) => ({ ...field, value: field.name }) as unknown as RqbField),
      })).filter((group) => group.options.length > 0),
    [fields],
  );
  const reread = state.mode === 'text' ? fromExpression(state.text, fields) : null;

  if (state.mode === 'text') {
    return (
      <Stack gap="2" as="section" aria-label={label}>
        <Heading size="sm">{label}</Heading>
        {state.note && <Text color="fg.muted">{state.note}</Text>}
        <Field.Root invalid={outcome.languageErrors.length > 0}>
          <Field.Label>{label} text</Field.Label>
          <Textarea
            fontFamily="mono"
            rows={3}
            value={state.text}
            onChange={(e) => onChange({ ...state, text: e.target.value })}
          />
        </Field.Root>
        <LanguageErrors errors={outcome.languageErrors} />
        <HStack>
          <Button
            size="xs"
            variant="outline"
            disabled={!reread?.ok}
            onClick={() => reread?.ok && onChange({ mode: 'visual', query: withIds(reread.query) })}
          >
            Edit visually
          </Button>
        </HStack>
      </Stack>
    );
  }

  const context: BuilderContext = {
    groupOperators: GROUP_OPERATORS_BY_TYPE[type],
    setGroupOperator: (path, operator) =>
      onChange({
        mode: 'visual',
        query: updateGroupAt(state.query, path, (group) => setGroupOperator(group, operator)),
      }),
  };
  return (
    <Stack gap="2" as="section" aria-label={label}>
      <Heading size="sm">{label}</Heading>
      <Box
        css={{
          '& .ruleGroup': { borderWidth: '1px', borderRadius: 'md', borderColor: 'border', bg: 'bg.subtle' },
          '& .ruleGroup .ruleGroup': { bg: 'bg' },
          '& .ruleGroup-header, & .rule': { flexWrap: 'wrap' },
        }}
      >
        <QueryBuilder
          // The tree is our QueryGroup: react-querybuilder's independent-combinator group plus `operator`.
          query={state.query as unknown as RuleGroupTypeIC}
          onQueryChange={(query) => onChange({ mode: 'visual', query: withIds(query as unknown as QueryGroup) })}
          fields={fieldOptions}
          combinators={COMBINATORS.map((combinator) => ({ ...combinator, value: combinator.name }))}
          getOperators={(_field, { fieldData }) =>
            operatorsFor(fieldData as unknown as ExpressionField).map((name) => ({
              name,
              value: name,
              label: OPERATOR_LABELS[name] ?? name,
            }))
          }
          onAddRule={(rule, parentPath, query) => {
            const parent = findGroup(query as unknown as QueryGroup, parentPath);
            return parent && isMinMax(parent) ? { ...rule, combinatorPreceding: ',' } : rule;
          }}
          onAddGroup={(group, parentPath, query) => {
            const parent = findGroup(query as unknown as QueryGroup, parentPath);
            return parent && isMinMax(parent) ? { ...group, combinatorPreceding: ',' } : group;
          }}
          validator={() => toValidationMap(outcome.validation)}
          controlElements={CONTROL_ELEMENTS}
          context={context}
          showNotToggle
          resetOnFieldChange
          translations={{
            addRule: { label: 'Add Rule', title: 'Add Rule' },
            addGroup: { label: 'Add Group', title: 'Add Group' },
            removeRule: { label: 'Remove', title: 'Remove rule' },
            removeGroup: { label: 'Remove', title: 'Remove group' },
            notToggle: { label: 'Not', title: 'Not' },
            fields: { title: 'Field' },
            operators: { title: 'Operator' },
            value: { title: 'Value' },
            combinators: { title: 'Combinator' },
          }}
        />
      </Box>
      <Text fontSize="sm">
        Expression: <Code data-testid={`${type}-expression`}>{outcome.text ?? '—'}</Code>
      </Text>
      <LanguageErrors errors={outcome.languageErrors} />
      <HStack>
        <Button
          size="xs"
          variant="outline"
          // An incomplete tree has no text yet: switching now would lose it.
          disabled={outcome.text === null && state.query.rules.length > 0}
          onClick={() => onChange({ mode: 'text', text: outcome.text ?? '', note: null })}
        >
          Edit as text
        </Button>
      </HStack>
    </Stack>
  );
}

function findGroup(query: QueryGroup, path: readonly number[]): QueryGroup | null {
  let group: QueryGroup = query;
  for (const index of path) {
    const next = group.rules[index];
    if (!next || typeof next === 'string' || !('rules' in next)) return null;
    group = next;
  }
  return group;
}
