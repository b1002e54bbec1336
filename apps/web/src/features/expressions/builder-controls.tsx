import { Button, Checkbox, List, NativeSelect } from '@chakra-ui/react';
import {
  isOptionGroupArray,
  Rule,
  RuleGroupHeaderComponents,
  type ActionProps,
  type ControlElementsProp,
  type FullField,
  type FullOption,
  type NotToggleProps,
  type RuleGroupProps,
  type RuleProps,
  type UseRuleGroup,
  type ValidationResult,
  type ValueSelectorProps,
} from 'react-querybuilder';
import { BuilderValueEditor } from './builder-value-editor';
import {
  COMMA,
  GROUP_OPERATOR_LABELS,
  isMinMax,
  memberLimit,
  membersOf,
  type GroupOperator,
  type QueryGroup,
} from './query-tree';

// BUILDER CONTROLS
// Our own Chakra UI 3 controls for react-querybuilder (its Chakra package targets Chakra 2, STACK.md): selects,
// buttons, the not toggle, the value editor, a group header with the group operator, and the spec's messages
// under the rule or group they concern.

/** What the builder hands every control through react-querybuilder's `context` prop. */
export interface BuilderContext {
  readonly groupOperators: readonly GroupOperator[];
  readonly setGroupOperator: (path: readonly number[], operator: GroupOperator | '') => void;
}

function Options({ options }: { options: ValueSelectorProps['options'] }) {
  if (isOptionGroupArray(options)) {
    return options.map((group) => (
      <optgroup key={group.label} label={group.label}>
        {group.options.map((option: FullOption) => (
          <option key={option.name} value={option.name} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </optgroup>
    ));
  }
  return (options as FullOption[]).map((option) => (
    <option key={option.name} value={option.name} disabled={option.disabled}>
      {option.label}
    </option>
  ));
}

export function BuilderSelect(props: ValueSelectorProps) {
  const { options, value, handleOnChange, title, disabled, className } = props;
  return (
    <NativeSelect.Root size="sm" width="auto" disabled={disabled} className={className}>
      <NativeSelect.Field aria-label={title} value={value ?? ''} onChange={(e) => handleOnChange(e.target.value)}>
        <Options options={options} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Between two members: only the comma inside min and max, every other combinator elsewhere. */
function CombinatorSelect(props: ValueSelectorProps & { ruleGroup?: QueryGroup }) {
  const group = props.ruleGroup;
  const minMax = group ? isMinMax(group) : false;
  const options = (props.options as FullOption[]).filter((option) => (option.name === COMMA) === minMax);
  return <BuilderSelect {...props} options={options} />;
}

export function BuilderAction(props: ActionProps) {
  const { label, title, handleOnClick, disabled, className } = props;
  return (
    <Button
      size="xs"
      variant="outline"
      className={className}
      aria-label={typeof title === 'string' ? title : undefined}
      disabled={disabled}
      onClick={(event) => handleOnClick(event)}
    >
      {label}
    </Button>
  );
}

/** 'Add Rule' and 'Add Group' are disabled once a min or max group has two members (an approval group one). */
function LimitedAdd(props: ActionProps) {
  const group = props.ruleOrGroup as unknown as QueryGroup;
  const full = 'rules' in group && membersOf(group).length >= memberLimit(group);
  return <BuilderAction {...props} disabled={props.disabled === true || full} />;
}

function NotToggle(props: NotToggleProps) {
  const { checked, handleOnChange, label, title, disabled, className } = props;
  return (
    <Checkbox.Root
      size="sm"
      className={className}
      checked={checked === true}
      disabled={disabled}
      onCheckedChange={(details) => handleOnChange(details.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={typeof title === 'string' ? title : undefined} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

function reasonsOf(validation: boolean | ValidationResult | undefined): string[] {
  if (!validation || typeof validation === 'boolean') return [];
  return (validation.reasons ?? []).map(String);
}

// red.700 rather than fg.error: small text on the groups' subtle background needs 4.5:1 contrast (axe).
export function Messages({ validation }: { validation: boolean | ValidationResult | undefined }) {
  const reasons = reasonsOf(validation);
  if (reasons.length === 0) return null;
  return (
    <List.Root role="list" ps="4" color="red.700" fontSize="sm" flexBasis="100%">
      {reasons.map((reason) => (
        <List.Item key={reason}>{reason}</List.Item>
      ))}
    </List.Root>
  );
}

function GroupHeader(props: RuleGroupProps & UseRuleGroup) {
  const context = props.context as BuilderContext;
  const group = props.ruleGroup as unknown as QueryGroup;
  return (
    <>
      {props.path.length > 0 && (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label="Group operator"
            value={group.operator ?? ''}
            onChange={(e) => context.setGroupOperator(props.path, e.target.value as GroupOperator | '')}
          >
            <option value="">Parentheses (no operator)</option>
            {context.groupOperators.map((operator) => (
              <option key={operator} value={operator}>
                {GROUP_OPERATOR_LABELS[operator]}
              </option>
            ))}
            {/* An operator read from text that this expression type does not offer stays visible. */}
            {group.operator && !context.groupOperators.includes(group.operator) && (
              <option value={group.operator}>{GROUP_OPERATOR_LABELS[group.operator]}</option>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <RuleGroupHeaderComponents {...props} />
      <Messages validation={props.validationResult} />
    </>
  );
}

function RuleWithMessages(props: RuleProps) {
  const id = props.rule.id ?? '';
  return (
    <>
      <Rule {...props} />
      <Messages validation={props.schema.validationMap[id]} />
    </>
  );
}

export const CONTROL_ELEMENTS: ControlElementsProp<FullField, string> = {
  actionElement: BuilderAction,
  addRuleAction: LimitedAdd,
  addGroupAction: LimitedAdd,
  valueSelector: BuilderSelect,
  combinatorSelector: CombinatorSelect as ControlElementsProp<FullField, string>['combinatorSelector'],
  notToggle: NotToggle,
  valueEditor: BuilderValueEditor,
  ruleGroupHeaderElements: GroupHeader,
  rule: RuleWithMessages,
  dragHandle: null,
  shiftActions: null,
};
