import { Alert } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import type { Item } from '../lib/admin-api';

// RECREATE FROM HISTORY
// A deleted item's last state goes to its create form through the router's location state: nothing lands in the
// URL (a last state can be large and hold personal data), and a reload or a shared link opens an empty form.

interface RecreateState {
  readonly recreateFrom: Item;
}

function isRecreateState(state: unknown): state is RecreateState {
  if (typeof state !== 'object' || state === null || !('recreateFrom' in state)) return false;
  const from = (state as { recreateFrom: unknown }).recreateFrom;
  return typeof from === 'object' && from !== null && !Array.isArray(from);
}

/** The location state that opens a create form prefilled with `lastState`. */
export function recreateState(lastState: Item): RecreateState {
  return { recreateFrom: lastState };
}

/** On a create form opened by 'Recreate', the deleted item's last state; undefined otherwise. */
export function useRecreatePrefill(isNew: boolean): Item | undefined {
  const { state } = useLocation();
  return isNew && isRecreateState(state) ? state.recreateFrom : undefined;
}

/** Says the form holds a deleted item's last state, so nobody takes it for an empty form's defaults. */
export function RecreateNotice({ singular, prefill }: { singular: string; prefill: Item | undefined }) {
  if (!prefill) return null;
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>
        Prefilled with the last state of the deleted {singular.toLowerCase()}. Check the fields, then create it.
      </Alert.Title>
    </Alert.Root>
  );
}
