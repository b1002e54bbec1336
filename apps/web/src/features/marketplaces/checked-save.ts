import { useState, type FormEvent } from 'react';
import type { FieldError } from '@/services/portal-error';
import { notifyError } from '@/ui/notify-error';
import { refusalOf, type ConnectRefusal } from './connect-rules';

/**
 * The submit of a form whose save the portal service checks against the marketplace (connect, edit): the browser's
 * own field errors stop it first; a refused check keeps what was typed and shows the failed step and the field to
 * change; any other failure is the usual error toast.
 */
export function useCheckedSave() {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [refusal, setRefusal] = useState<ConnectRefusal | null>(null);

  const run = async (found: FieldError[], save: () => Promise<void>) => {
    setErrors(found);
    setRefusal(null);
    if (found.length > 0) return;
    try {
      await save();
    } catch (error) {
      const refused = refusalOf(error);
      if (!refused) {
        notifyError(error);
        return;
      }
      setRefusal(refused);
      setErrors(refused.fieldErrors);
    }
  };

  /** A form's onSubmit running `submit` (the page must not reload). */
  const onSubmit = (submit: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return { errors, refusal, run, onSubmit };
}
