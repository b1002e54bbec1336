import type { ChangeKind, ChangedField } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import type { Item } from '../engine/item.ts';
import type { ChangeSource } from './change-source.ts';
import { diffItems, withoutSecrets } from './diff.ts';
import { deleteRecords, insertRecords, type PlannedRecord, type RecordRow } from './record-sql.ts';

interface PendingChange {
  assignment: boolean;
  resourceType: string;
  resourceId: string;
  parentKey: string;
  before: Item | undefined;
  after: Item | undefined;
  /** Write-only fields stored apart from the object (a user's Password): changed, values unknown here. */
  secrets: Set<string>;
  /** The record already inserted inside the write's own statement, while no later write changed the object. */
  inline?: { recordId: string; current: boolean };
}

/** One document write as the store makes it: what its record is computed from. */
export interface DocumentWrite {
  resource: string;
  parentKey: string;
  id: string;
  after: Item;
  /** Write-only fields stored apart from the object (a user's Password). */
  secretFields: readonly string[];
}

/** A record to insert inside a write's own statement, with what the recorder keeps of it once inserted. */
export interface InlineRecord extends PlannedRecord {
  key: string;
  change: PendingChange;
}

/** The id an assignment is recorded under: its key's values, empty ones left out (`p1/b1`). */
export function assignmentRecordId(key: string): string {
  const values = JSON.parse(key) as unknown[];
  return values.filter((value) => value !== null && value !== undefined && value !== '').join('/');
}

/**
 * Collects what one request's writes change, object by object (several writes of one object in a transaction are
 * one change: the first state before, the last after), and inserts the records in the transaction of those writes.
 * A write whose object's previous state the request read just before (the engine reads before it writes) gets its
 * record inside its own statement (`planInline`); the rest are inserted just before the commit (PgStore.transaction).
 * A transaction that rolls back drops its changes.
 */
export class ChangeRecorder {
  private readonly pending = new Map<string, PendingChange>();
  /** The objects this request read, as it read them (undefined: not found), by change key. */
  private readonly reads = new Map<string, Item | undefined>();

  constructor(readonly source: ChangeSource) {}

  private typeOf(resource: string): string {
    return this.source.typeOf?.(resource) ?? resource;
  }

  private static keyOf(assignment: boolean, resourceType: string, parentKey: string, resourceId: string): string {
    return `${assignment ? 'a' : 'd'}\t${resourceType}\t${parentKey}\t${resourceId}`;
  }

  /** Remembers a document as the request read it: the likely state before its write. */
  noteRead(resource: string, parentKey: string, id: string, body: Item | undefined): void {
    this.reads.set(ChangeRecorder.keyOf(false, this.typeOf(resource), parentKey, id), body);
  }

  /**
   * The record of a document write, to insert inside the write's statement, when this is the request's first change
   * of the object and its state before is known (`created`, or read by the request). Undefined otherwise, or when the
   * write changes nothing: the write then notes its change the usual way (noteWrite) and the record is inserted
   * before the commit. After the statement, `confirmInline`, or `noteWrite` with the state the statement found.
   */
  planInline(marketplaceId: string, write: DocumentWrite, created: boolean): InlineRecord | undefined {
    const { resource, parentKey, id, after, secretFields } = write;
    const resourceType = this.typeOf(resource);
    const key = ChangeRecorder.keyOf(false, resourceType, parentKey, id);
    if (this.pending.has(key) || (!created && !this.reads.has(key))) return undefined;
    const before = created ? undefined : this.reads.get(key);
    const change: PendingChange = {
      assignment: false,
      resourceType,
      resourceId: id,
      parentKey,
      before,
      after,
      secrets: new Set(secretFields),
    };
    const row = this.rowOf(change);
    if (!row) return undefined;
    return {
      key,
      change,
      marketplaceId,
      source: this.source,
      row,
      expectedBefore: before === undefined ? null : JSON.stringify(before),
    };
  }

  /** The write's statement inserted the planned record (its id): the change is recorded unless written again. */
  confirmInline(plan: InlineRecord, recordId: string): void {
    this.pending.set(plan.key, { ...plan.change, inline: { recordId, current: true } });
  }

  /** A document write whose record was not inserted inside it, with the state it found before. */
  noteWrite(write: DocumentWrite, before: Item | undefined): void {
    this.noteDocument(write.resource, write.parentKey, write.id, before, write.after, write.secretFields);
  }

  noteDocument(
    resource: string,
    parentKey: string,
    id: string,
    before: Item | undefined,
    after: Item | undefined,
    secretFields: Iterable<string> = [],
  ): void {
    this.note(false, this.typeOf(resource), parentKey, id, before, after, secretFields);
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
    const key = ChangeRecorder.keyOf(assignment, resourceType, parentKey, resourceId);
    const known = this.pending.get(key);
    if (known) {
      known.after = after;
      for (const field of secretFields) known.secrets.add(field);
      // A record inserted inside an earlier write no longer tells the whole change: replaced at the commit.
      if (known.inline) known.inline.current = false;
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
    this.reads.clear();
  }

  private kindOf(change: PendingChange): ChangeKind {
    if (change.assignment) return change.after ? 'Assign' : 'Unassign';
    if (!change.after) return 'Delete';
    if (!change.before) return 'Create';
    return this.source.kind === 'Create' || this.source.kind === 'Delete' ? 'Save' : this.source.kind;
  }

  /** A change as its record's row; undefined when it changes nothing (an assignment saved again). */
  private rowOf(change: PendingChange): RecordRow | undefined {
    const changes: ChangedField[] = diffItems(change.before, change.after);
    for (const field of change.secrets)
      if (!changes.some((known) => known.Path === field)) changes.push({ Path: field, Secret: true });
    if (change.before && change.after && changes.length === 0) return undefined;
    return {
      kind: this.kindOf(change),
      resource_type: change.resourceType,
      resource_id: change.resourceId,
      parent_key: change.parentKey,
      changes,
      last_state: change.after || !change.before ? null : withoutSecrets(change.before),
    };
  }

  /**
   * Inserts, through `db` (the writes' transaction), one record per changed object not yet recorded inside its
   * write, and replaces the inline records of objects the request wrote again.
   */
  async flush(db: Db, marketplaceId: string): Promise<void> {
    const superseded: string[] = [];
    const rows: RecordRow[] = [];
    for (const change of this.pending.values()) {
      if (change.inline?.current) continue;
      if (change.inline) superseded.push(change.inline.recordId);
      const row = this.rowOf(change);
      if (row) rows.push(row);
    }
    this.pending.clear();
    this.reads.clear();
    if (superseded.length > 0) await db.execute(deleteRecords(superseded));
    if (rows.length > 0) await db.execute(insertRecords(marketplaceId, this.source, rows));
  }
}
