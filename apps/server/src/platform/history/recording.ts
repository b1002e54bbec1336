import type { ChangeKind } from '@portal/contracts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { OperationKind, PlatformOperation } from '../engine/operations.ts';
import type { Registry } from '../resources/types.ts';
import { ChangeRecorder } from './recorder.ts';

const KIND_OF: Record<Exclude<OperationKind, 'List' | 'Get' | 'ListAssignments' | 'Extra'>, ChangeKind> = {
  Create: 'Create',
  Save: 'Save',
  Patch: 'Patch',
  Delete: 'Delete',
  SaveAssignment: 'Assign',
  DeleteAssignment: 'Unassign',
};

/**
 * Whether the platform records its writes: always, but for the benchmark that measures what recording costs
 * (bench/change-history.ts turns it off for its baseline, in its own process).
 */
export const changeRecording = { enabled: true };

/** A recorder for a call that may write (anything but GET), or undefined for a read. */
export function recorderFor(
  operation: Pick<PlatformOperation, 'id' | 'kind' | 'method'>,
  auth: AuthContext,
  requestId: string | null,
  registry?: Registry,
): ChangeRecorder | undefined {
  if (operation.method === 'GET' || !changeRecording.enabled) return undefined;
  const typeOf = registry ? (resource: string) => publishedType(registry, resource) : undefined;
  return new ChangeRecorder({ operationId: operation.id, kind: kindOf(operation), auth, requestId, typeOf });
}

const KIND_BY_METHOD: Record<PlatformOperation['method'], ChangeKind> = {
  GET: 'Action',
  POST: 'Action',
  PUT: 'Save',
  PATCH: 'Patch',
  DELETE: 'Delete',
};

/** An extra operation's writes take their kind from the method (Me.Patch patches); a POST is an action. */
function kindOf(operation: Pick<PlatformOperation, 'kind' | 'method'>): ChangeKind {
  return operation.kind in KIND_OF ? KIND_OF[operation.kind as keyof typeof KIND_OF] : KIND_BY_METHOD[operation.method];
}

/** The resource a stored resource's operations are published under; itself when none or unknown to the registry. */
function publishedType(registry: Registry, resource: string): string {
  const known = registry.resources.find((candidate) => candidate.name === resource);
  return known?.operationOwner ?? resource;
}
