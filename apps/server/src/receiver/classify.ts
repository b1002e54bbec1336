import type { ReceivedKind } from '@portal/contracts';

export interface Classified {
  kind: ReceivedKind;
  summary: string;
}

type Fields = Record<string, unknown>;

function parse(text: string): Fields | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;
  } catch {
    return undefined;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Reads a received body: a sync batch (`SyncRunID`, `Entity`, `Batch`, `Items`), a webhook call (`Route`,
 * `Verb`), a post-restore notification (`Event`), or anything else. Only for showing: the body is kept as sent.
 *
 * @example
 * classify('{"SyncRunID":"r1","Entity":"Products","Batch":1,"IsLastBatch":true,"Items":[{}]}');
 * // { kind: 'Sync', summary: 'Products, batch 1 (last), 1 item' }
 */
export function classify(text: string): Classified {
  const body = parse(text);
  if (!body) return { kind: 'Other', summary: text.trim() === '' ? 'Empty body' : 'Not a JSON object' };
  if (isText(body.SyncRunID) && isText(body.Entity)) {
    const items = Array.isArray(body.Items) ? body.Items.length : 0;
    const batch =
      typeof body.Batch === 'number' ? `, batch ${body.Batch}${body.IsLastBatch === true ? ' (last)' : ''}` : '';
    return { kind: 'Sync', summary: `${body.Entity}${batch}, ${plural(items, 'item')}` };
  }
  if (isText(body.Route) && isText(body.Verb)) return { kind: 'Webhook', summary: `${body.Verb} ${body.Route}` };
  if (body.Event === 'StagingRestoreCompleted') {
    return {
      kind: 'StagingRestore',
      summary: body.Test === true ? 'Staging restore (test)' : 'Staging restore completed',
    };
  }
  return { kind: 'Other', summary: `JSON object with ${plural(Object.keys(body).length, 'field')}` };
}
