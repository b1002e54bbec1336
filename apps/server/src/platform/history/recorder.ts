import { sql } from 'drizzle-orm';
import type { ChangeActor, ChangeKind, ChangedField } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { Item } from '../engine/item.ts';
import { diffItems, withoutSecrets } from './diff.ts';

/** Which call a recorder records for: one per request that may write. */
export interface ChangeSource {
  operationId: string;
  /** The kind the operation's writes take when neither a create nor a delete (`Save`, `Patch`, `Action`). */
  kind: ChangeKind;
  auth: AuthContext;
  requestId: string | null;
  /**
   * The type a stored resource is recorded as: the resource whose operations it is published under (a product's
   * variants are `Products`, as their operation ids say), so a History tab finds its records by its operation ids.
   */
  typeOf?: (resource: string) => string;
}

/** The acting user as the history names it; a portal user (`portal:<name>`) is a portal developer. */
export function actorOf(auth: AuthContext): ChangeActor {
  const portal = auth.portalUser !== undefined || auth.userId.startsWith('portal:');
  const type = portal
    ? 'PortalDeveloper'
    : auth.userType === 'admin'
      ? 'MarketplaceOwner'
      : auth.userType === 'buyer'
        ? 'Buyer'
        : 'Supplier';
  return {
    ID: auth.userId,
    Username: auth.username,
    Type: type,
    CompanyID: portal || auth.userType === 'admin' ? null : (auth.companyId ?? null),
  };
}

interface PendingChange {
  assignment: boolean;
  resourceType: string;
  resourceId: string;
  parentKey: string;
  before: Item | undefined;
  after: Item | undefined;
  /** Write-only fields stored apart from the object (a user's Password): changed, values unknown here. */
  secrets: Set<string>;
}

/** The id an assignment is recorded under: its key's values, empty ones left out (`p1/b1`). */
export function assignmentRecordId(key: string): string {
  const values = JSON.parse(key) as unknown[];
  return values.filter((value) => value !== null && value !== undefined && value !== '').join('/');
}

/**
 * Collects what one request's writes change, object by object (several writes of one object in a transaction are
 * one change: the first state before, the last after), and inserts the records in the transaction of those writes,
 * just before it commits (PgStore.transaction). A transaction that rolls back drops its changes.
 */
export class ChangeRecorder {
  private readonly pending = new Map<string, PendingChange>();

  constructor(readonly source: ChangeSource) {}

  noteDocument(
    resource: string,
    parentKey: string,
    id: string,
    before: Item | undefined,
    after: Item | undefined,
    secretFields: Iterable<string> = [],
  ): void {
    this.note(false, this.source.typeOf?.(resource) ?? resource, parentKey, id, before, after, secretFields);
  }

  noteAssignment(kind: string, parentKey: string, key: string, before: Item | undefined, after: Item | undefined) {
    this.note(true, kind, parentKey, assignmentRecordId(key), before, after, []);
  }

  private note(
    assignment: boolean,
    resourceType: string,
    parentKey: string,
    resourceId: string,
    before: Item | undefined,
    after: Item | undefined,
    secretFields: Iterable<string>,
  ): void {
    const key = `${assignment ? 'a' : 'd'}\t${resourceType}\t${parentKey}\t${resourceId}`;
    const known = this.pending.get(key);
    if (known) {
      known.after = after;
      for (const field of secretFields) known.secrets.add(field);
      return;
    }
    this.pending.set(key, {
      assignment,
      resourceType,
      resourceId,
      parentKey,
      before,
      after,
      secrets: new Set(secretFields),
    });
  }

  /** Forgets the changes of a transaction that rolled back. */
  discard(): void {
    this.pending.clear();
  }

  private kindOf(change: PendingChange): ChangeKind {
    if (change.assignment) return change.after ? 'Assign' : 'Unassign';
    if (!change.after) return 'Delete';
    if (!change.before) return 'Create';
    return this.source.kind === 'Create' || this.source.kind === 'Delete' ? 'Save' : this.source.kind;
  }

  /** Inserts one record per changed object through `db` (the writes' transaction), in one statement. */
  async flush(db: Db, marketplaceId: string): Promise<void> {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()].flatMap((change) => {
      const changes: ChangedField[] = diffItems(change.before, change.after);
      for (const field of change.secrets)
        if (!changes.some((known) => known.Path === field)) changes.push({ Path: field, Secret: true });
      // Storing what was already stored (an assignment saved again) changes nothing: no record.
      if (change.before && change.after && changes.length === 0) return [];
      return {
        kind: this.kindOf(change),
        resource_type: change.resourceType,
        resource_id: change.resourceId,
        parent_key: change.parentKey,
        changes,
        last_state: change.after || !change.before ? null : withoutSecrets(change.before),
      };
    });
    this.pending.clear();
    const { source } = this;
    const actor = actorOf(source.auth);
    await db.execute(sql`
      INSERT INTO platform.change_records (marketplace_id, operation_id, kind, resource_type, resource_id, parent_key,
        actor_id, actor_username, actor_type, actor_company_id, client_id, impersonator_id, request_id, changes, last_state)
      SELECT ${marketplaceId}, ${source.operationId}, r.kind, r.resource_type, r.resource_id, r.parent_key,
        ${actor.ID}, ${actor.Username}, ${actor.Type}, ${actor.CompanyID}, ${source.auth.clientId},
        ${source.auth.impersonatorId ?? null}, ${source.requestId}, r.changes, r.last_state
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(kind text, resource_type text, resource_id text, parent_key text, changes jsonb, last_state jsonb)`);
  }
}
