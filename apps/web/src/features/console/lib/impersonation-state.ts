import type { ConsoleStorage } from './console-storage';

export const COMMERCE_ROLES = ['Seller', 'Buyer', 'Supplier'] as const;
export type CommerceRole = (typeof COMMERCE_ROLES)[number];

/** Spec §3 Impersonation context; field names match the stored and server shape. */
export interface ImpersonationContext {
  readonly ClientId: string;
  readonly Username: string;
  readonly CompanyInteropId: string;
  readonly CommerceRole: CommerceRole;
  readonly CompanyName: string;
}

export interface ImpersonationState {
  /** Whether requests use the impersonation token; false while paused. */
  readonly on: boolean;
  readonly context: ImpersonationContext | null;
  /** Whether the context picker side panel is open; not stored, a reload starts with it closed. */
  readonly picking: boolean;
}

export type ImpersonationAction =
  | { readonly type: 'apply'; readonly context: ImpersonationContext }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'stop' }
  /** Opens the picker ('Select context' and 'change' both do); the current context keeps working until Apply. */
  | { readonly type: 'change' }
  | { readonly type: 'cancel' };

export const INITIAL_IMPERSONATION: ImpersonationState = { on: false, context: null, picking: false };

/**
 * Spec §4: no context → applied (on) → paused/resumed → changed → stopped (context cleared, off).
 * Pause and resume without a context are ignored so the flag can never be on with nothing to impersonate.
 */
export function impersonationReducer(state: ImpersonationState, action: ImpersonationAction): ImpersonationState {
  switch (action.type) {
    case 'apply':
      return { on: true, context: action.context, picking: false };
    case 'pause':
      return state.context === null || !state.on ? state : { ...state, on: false };
    case 'resume':
      return state.context === null || state.on ? state : { ...state, on: true };
    case 'stop':
      return INITIAL_IMPERSONATION;
    case 'change':
      return state.picking ? state : { ...state, picking: true };
    case 'cancel':
      return state.picking ? { ...state, picking: false } : state;
  }
}

/** The context requests should impersonate, or null when off or paused. */
export function activeImpersonation(state: ImpersonationState): ImpersonationContext | null {
  return state.on ? state.context : null;
}

/** Spec §2: the company name is not shown for a Seller, who has no company of its own. */
export function showsCompanyName(context: ImpersonationContext): boolean {
  return context.CommerceRole !== 'Seller';
}

/** One key per marketplace: a context names a client and user of that marketplace only. */
export function impersonationStorageKey(marketplaceId: string): string {
  return `portal-impersonation:${marketplaceId}`;
}

function isCommerceRole(value: unknown): value is CommerceRole {
  return (COMMERCE_ROLES as readonly unknown[]).includes(value);
}

function parseContext(value: unknown): ImpersonationContext | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { ClientId, Username, CompanyInteropId, CommerceRole, CompanyName } = record;
  if (typeof ClientId !== 'string' || ClientId === '' || typeof Username !== 'string' || Username === '') return null;
  if (!isCommerceRole(CommerceRole)) return null;
  return {
    ClientId,
    Username,
    CommerceRole,
    // A Seller has no company, so missing company fields are tolerated rather than discarding the context.
    CompanyInteropId: typeof CompanyInteropId === 'string' ? CompanyInteropId : '',
    CompanyName: typeof CompanyName === 'string' ? CompanyName : '',
  };
}

/** The stored state; corrupt or partial data falls back to no impersonation rather than a half-valid context. */
export function readImpersonation(storage: ConsoleStorage | undefined, marketplaceId: string): ImpersonationState {
  try {
    const raw = storage?.getItem(impersonationStorageKey(marketplaceId)) ?? null;
    if (raw === null) return INITIAL_IMPERSONATION;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return INITIAL_IMPERSONATION;
    const record = parsed as Record<string, unknown>;
    const context = parseContext(record.context);
    return context === null ? INITIAL_IMPERSONATION : { on: record.on === true, context, picking: false };
  } catch {
    // Corrupt JSON or disabled storage: start without impersonation, the safe default.
    return INITIAL_IMPERSONATION;
  }
}

/** Stores on/off and the context (not the picker flag); a stopped state removes the key. */
export function writeImpersonation(
  storage: (ConsoleStorage & Partial<Pick<Storage, 'removeItem'>>) | undefined,
  marketplaceId: string,
  state: ImpersonationState,
): void {
  const key = impersonationStorageKey(marketplaceId);
  try {
    if (state.context === null) storage?.removeItem?.(key);
    else storage?.setItem(key, JSON.stringify({ on: state.on, context: state.context }));
  } catch {
    // Quota exceeded or storage disabled: impersonation still works for this page.
  }
}
