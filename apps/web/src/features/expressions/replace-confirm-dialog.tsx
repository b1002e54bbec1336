import { Button, Dialog, Text } from '@chakra-ui/react';
import type { EditorState } from './expression-editor';
import type { Recipe } from './recipes';

// REPLACE CONFIRMATION
// A recipe fills whole expressions; applying one over expressions the user has built asks first, naming what
// would be replaced, and Cancel keeps them as they are.

type ExpressionKey = 'EligibleExpression' | 'ValueExpression' | 'RuleExpression';

const FILLED_BY: Readonly<Record<ExpressionKey, 'eligible' | 'value' | 'rule'>> = {
  EligibleExpression: 'eligible',
  ValueExpression: 'value',
  RuleExpression: 'rule',
};

function hasContent(state: EditorState | undefined): boolean {
  if (!state) return false;
  return state.mode === 'visual' ? state.query.rules.length > 0 : state.text.trim() !== '';
}

/** The labels of the expressions a recipe would replace that are not empty now, in the builder's order. */
export function expressionsReplaced(
  recipe: Recipe,
  slots: readonly { key: ExpressionKey; label: string }[],
  states: Readonly<Record<string, EditorState>>,
): string[] {
  return slots
    .filter((slot) => recipe[FILLED_BY[slot.key]] !== undefined && hasContent(states[slot.key]))
    .map((slot) => slot.label);
}

function listed(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

export function ReplaceConfirmDialog(props: {
  /** The recipe waiting to be applied and what it would replace; null when nothing is asked. */
  pending: { recipe: Recipe; replaced: readonly string[] } | null;
  onReplace: () => void;
  onCancel: () => void;
}) {
  const { pending, onReplace, onCancel } = props;
  const many = (pending?.replaced.length ?? 0) > 1;
  return (
    <Dialog.Root role="alertdialog" open={pending !== null} onOpenChange={(details) => !details.open && onCancel()}>
      {/* No portal: it opens inside the builder's dialog, whose aria-hiding would otherwise cover it. */}
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{many ? 'Replace the current expressions?' : 'Replace the current expression?'}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>
              The recipe ‘{pending?.recipe.label}’ replaces the {listed(pending?.replaced ?? [])} you have now.
            </Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button colorPalette="red" onClick={onReplace}>
              Replace
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
