import { Button, CloseButton, Dialog, HStack, Portal, Stack, Switch } from '@chakra-ui/react';
import type { ExpressionKind } from '@portal/expressions';
import { useMemo, useState, type ReactNode } from 'react';
import { track } from '@/lib/analytics';
import { findField, xpField, type ExpressionField } from './expression-fields';
import { editorOutcome, ExpressionEditor, openExpression, type EditorState } from './expression-editor';
import type { LineLimits } from './preview-evaluate';
import type { PreviewExpressions } from './preview-panel';
import { isGroup, withIds, type ExpressionType, type QueryGroup } from './query-tree';
import { RecipeDialog, RecipeSelect } from './recipe-dialog';
import { applyRecipe, recipesFor, type Recipe } from './recipes';
import { expressionsReplaced, ReplaceConfirmDialog } from './replace-confirm-dialog';
import { XpDialog } from './xp-dialog';

// EXPRESSION BUILDER SCREEN (spec 2 §2 "Expression builder screen", §4)
// Full screen over the promotion or approval rule form. Opens on the form's current expressions (read into
// trees where possible), offers recipes and extended properties, and writes the expressions back into the form
// on Save, which is enabled only when every expression is valid. Reset clears; closing discards.

export type BuilderSubject = 'promotion' | 'approvalRule' | 'sellerApprovalRule';

/** The form fields the builder reads and writes. */
export interface BuilderValues {
  EligibleExpression?: string;
  ValueExpression?: string;
  LineItemLevel?: boolean;
  RuleExpression?: string;
}

type ExpressionKey = 'EligibleExpression' | 'ValueExpression' | 'RuleExpression';

interface EditorSlot {
  readonly key: ExpressionKey;
  readonly label: string;
  readonly type: ExpressionType;
  readonly kind: ExpressionKind;
}

const SLOTS: Readonly<Record<BuilderSubject, readonly EditorSlot[]>> = {
  promotion: [
    { key: 'EligibleExpression', label: 'Eligible Expression', type: 'Eligible', kind: 'Eligible' },
    { key: 'ValueExpression', label: 'Value Expression', type: 'Value', kind: 'Value' },
  ],
  approvalRule: [{ key: 'RuleExpression', label: 'Rule Expression', type: 'Rule', kind: 'Rule' }],
  sellerApprovalRule: [{ key: 'RuleExpression', label: 'Rule Expression', type: 'Rule', kind: 'SellerRule' }],
};

/** Extended properties the opened expressions use, so the field lists can show them. */
function xpFieldsOf(states: readonly EditorState[], fields: readonly ExpressionField[]): ExpressionField[] {
  const found = new Map<string, ExpressionField>();
  const visit = (group: QueryGroup) => {
    for (const entry of group.rules) {
      if (typeof entry === 'string') continue;
      if (isGroup(entry)) visit(entry);
      else if (entry.field.includes('.xp.')) {
        const field = findField(fields, entry.field);
        if (field) found.set(field.name, field);
      }
    }
  };
  for (const state of states) if (state.mode === 'visual') visit(state.query);
  return [...found.values()];
}

function emptyStates(slots: readonly EditorSlot[]): Record<string, EditorState> {
  return Object.fromEntries(slots.map((slot) => [slot.key, { mode: 'visual', query: withIds({ rules: [] }) }]));
}

export function ExpressionBuilderDialog(props: {
  subject: BuilderSubject;
  baseFields: readonly ExpressionField[];
  initial: BuilderValues;
  onSave: (values: BuilderValues) => void;
  onClose: () => void;
  /** A promotion's line limits from its form, so the preview counts lines as the platform does. */
  lineLimits?: LineLimits;
  /** The live preview, given the expressions as they stand (absent where no marketplace is at hand). */
  renderPreview?: (expressions: PreviewExpressions) => ReactNode;
}) {
  const { subject, baseFields, initial, onSave, onClose, renderPreview, lineLimits } = props;
  const slots = SLOTS[subject];
  const [states, setStates] = useState<Record<string, EditorState>>(() =>
    Object.fromEntries(slots.map((slot) => [slot.key, openExpression(initial[slot.key] ?? '', baseFields)])),
  );
  const [lineItemLevel, setLineItemLevel] = useState(initial.LineItemLevel === true);
  const [addedFields, setAddedFields] = useState<ExpressionField[]>(() =>
    xpFieldsOf(Object.values(states), baseFields),
  );
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  // A recipe chosen over expressions the user has built waits for 'Replace' before its details are asked.
  const [pending, setPending] = useState<{ recipe: Recipe; replaced: string[] } | null>(null);
  const [xpOpen, setXpOpen] = useState(false);
  const fields = useMemo(() => {
    const names = new Set(baseFields.map((field) => field.name));
    return [...baseFields, ...addedFields.filter((field) => !names.has(field.name))];
  }, [baseFields, addedFields]);
  const isPromotion = subject === 'promotion';
  const title = isPromotion ? 'Promotion Expression Builder' : 'Approval Rule Expression Builder';
  const outcomes = slots.map((slot) =>
    editorOutcome(states[slot.key] as EditorState, slot.kind, fields, isPromotion && lineItemLevel),
  );
  const valid = outcomes.every((outcome) => outcome.valid);
  const preview: PreviewExpressions = isPromotion
    ? {
        kind: 'promotion',
        eligible: outcomes[0]?.text ?? null,
        value: outcomes[1]?.text ?? null,
        lineItemLevel,
        limits: lineLimits ?? {},
      }
    : { kind: 'approval', rule: outcomes[0]?.text ?? null };

  const chooseRecipe = (chosen: Recipe | undefined) => {
    if (!chosen) return;
    const replaced = expressionsReplaced(chosen, slots, states);
    if (replaced.length > 0) setPending({ recipe: chosen, replaced });
    else setRecipe(chosen);
  };

  const applyChosenRecipe = (chosen: Recipe, values: Record<string, string>) => {
    const applied = applyRecipe(chosen, values);
    const next = { ...states };
    const fill = (key: ExpressionKey, query: QueryGroup | undefined) => {
      if (query) next[key] = { mode: 'visual', query: withIds(query) };
    };
    fill('EligibleExpression', applied.eligible);
    fill('ValueExpression', applied.value);
    fill('RuleExpression', applied.rule);
    setStates(next);
    if (applied.lineItemLevel !== undefined && isPromotion) setLineItemLevel(applied.lineItemLevel);
    setRecipe(null);
  };

  const addXp = ({ model, path, target }: { model: ExpressionField['model']; path: string; target: string }) => {
    const field = xpField(model, path);
    setAddedFields((current) => [...current.filter((entry) => entry.name !== field.name), field]);
    const slot = slots.find((candidate) => candidate.label === target) ?? slots[0];
    const state = slot && states[slot.key];
    if (slot && state?.mode === 'visual') {
      const rules = state.query.rules.length > 0 ? [...state.query.rules, 'and'] : [];
      const rule = { field: field.name, operator: '=', value: '' };
      setStates({
        ...states,
        [slot.key]: { mode: 'visual', query: withIds({ ...state.query, rules: [...rules, rule] }) },
      });
    }
    setXpOpen(false);
  };

  const save = () => {
    const values: BuilderValues = {};
    slots.forEach((slot, index) => {
      values[slot.key] = outcomes[index]?.text ?? '';
    });
    if (isPromotion) values.LineItemLevel = lineItemLevel;
    track('expressions.save');
    onSave(values);
  };

  return (
    <Dialog.Root open size="full" onOpenChange={(details) => !details.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <HStack wrap="wrap" gap="4">
                  <RecipeSelect recipes={recipesFor(isPromotion ? 'promotion' : 'approval')} onChoose={chooseRecipe} />
                  <Button size="sm" variant="outline" onClick={() => setXpOpen(true)}>
                    Add XP (Extended Property)
                  </Button>
                  {isPromotion && (
                    <Switch.Root
                      checked={lineItemLevel}
                      onCheckedChange={(details) => setLineItemLevel(details.checked)}
                    >
                      <Switch.HiddenInput />
                      <Switch.Control>
                        <Switch.Thumb />
                      </Switch.Control>
                      <Switch.Label>Line Item Level</Switch.Label>
                    </Switch.Root>
                  )}
                </HStack>
                {slots.map((slot) => (
                  <ExpressionEditor
                    key={slot.key}
                    label={slot.label}
                    type={slot.type}
                    kind={slot.kind}
                    fields={fields}
                    lineItemLevel={isPromotion && lineItemLevel}
                    state={states[slot.key] as EditorState}
                    onChange={(state) => setStates((current) => ({ ...current, [slot.key]: state }))}
                  />
                ))}
                {renderPreview?.(preview)}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setStates(emptyStates(slots))}>
                Reset
              </Button>
              <Button disabled={!valid} onClick={save}>
                Save
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            {/* Inside the content, so the builder's focus trap lets the nested dialogs take focus. */}
            <ReplaceConfirmDialog
              pending={pending}
              onReplace={() => {
                setRecipe(pending?.recipe ?? null);
                setPending(null);
              }}
              onCancel={() => setPending(null)}
            />
            <RecipeDialog
              recipe={recipe}
              onApply={(values) => recipe && applyChosenRecipe(recipe, values)}
              onClose={() => setRecipe(null)}
            />
            <XpDialog
              open={xpOpen}
              targets={slots.map((slot) => slot.label)}
              onAdd={addXp}
              onClose={() => setXpOpen(false)}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
