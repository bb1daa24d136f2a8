import { atom, createStore, type Atom } from 'jotai/vanilla';
import { z } from 'zod';
import type { BusinessConfig, ErrorObject, FlowStatusFlags, PhoneNumber, SavedPlan } from './schemas/entities';
import type { ServerFlowContext } from './flow/context';
import { SESSION_STORAGE_KEY } from './constants';

/**
 * The page's one jotai store, created here and mounted by the host with <Provider store>.
 * Every module reads the same atoms because @join/shared is a singleton. The atoms are exported
 * read-only (`Atom`, so `store.set` on them does not compile); state changes only through the
 * kernel's actions below, each of which says what happened. The writable atoms stay here.
 */
export const store = createStore();
export type Store = typeof store;


/** What survives a reload (SPEC 9: "the session id is kept in storage"). */
export const StoredSession = z.object({
  deviceId: z.string().min(8),
  sessionId: z.string().nullable(),
  uid: z.string().nullable(),
  accountNumber: z.string().nullable().default(null),
  language: z.enum(['en', 'ar']).default('en'),
  gclid: z.string().nullable().default(null),
});
export type StoredSession = z.infer<typeof StoredSession>;

export function newDeviceId(): string {
  return crypto.randomUUID();
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode): the session lives for this page only
  }
}

export function readStoredSession(storage: Storage | null = safeStorage()): StoredSession {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (raw) {
    try {
      const parsed = StoredSession.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      /* corrupt storage: start over below */
    }
  }
  return { deviceId: newDeviceId(), sessionId: null, uid: null, accountNumber: null, language: 'en', gclid: null };
}

export function writeStoredSession(s: StoredSession, storage: Storage | null = safeStorage()): void {
  storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(s));
}

const sessionState = atom<StoredSession>(readStoredSession());
store.sub(sessionState, () => writeStoredSession(store.get(sessionState)));
export const sessionAtom: Atom<StoredSession> = sessionState;

const flowFlagsState = atom<FlowStatusFlags | null>(null);
/** null until the first GET /me/flow_status answers: routes render only after that. */
export const flowFlagsAtom: Atom<FlowStatusFlags | null> = flowFlagsState;
const serverFlowContextState = atom<ServerFlowContext | null>(null);
/**
 * The server's flow context (resident type, inside the UAE, delivery form, terminated e-mail,
 * retail), as the last flow-status answer gave it; null before the first one. The host's guards
 * read it with the flags (flow/context.ts builds their FlowContext).
 */
export const serverFlowContextAtom: Atom<ServerFlowContext | null> = serverFlowContextState;
export type BizConfigState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; config: BusinessConfig };
const bizConfigState = atom<BizConfigState>({ status: 'loading' });
export const bizConfigAtom: Atom<BizConfigState> = bizConfigState;
const savedPlanState = atom<SavedPlan | null>(null);
export const savedPlanAtom: Atom<SavedPlan | null> = savedPlanState;
/** A plan the visitor is looking at on the plan step's review, not saved yet. */
export interface PlanInReview {
  readonly productCode: number;
  readonly name: string;
}
const planInReviewState = atom<PlanInReview | null>(null);
/**
 * The plan open in the plan step's review, before "Continue" saves it; null when none. The cart
 * names it as not added yet rather than "Nothing selected yet" while the visitor reviews it.
 */
export const planInReviewAtom: Atom<PlanInReview | null> = planInReviewState;
const numberState = atom<PhoneNumber | null>(null);
/** The number the server holds for the visitor (or a transfer's temporary number). */
export const numberAtom: Atom<PhoneNumber | null> = numberState;
const errorState = atom<ErrorObject | null>(null);
/** The error pop-up the host shows; null when none. */
export const errorAtom: Atom<ErrorObject | null> = errorState;
const startParamsState = atom<Readonly<Record<string, string>>>({});
/** Start parameters that steer the recommended route (SPEC 2, rule 4). */
export const startParamsAtom: Atom<Readonly<Record<string, string>>> = startParamsState;
const clockSkewState = atom<number>(0);
/** Milliseconds to add to Date.now() to get server time (for hold countdowns). */
export const clockSkewAtom: Atom<number> = clockSkewState;

// --- the kernel's actions: the only writers of the state above ---

/**
 * The server answered the flow status (GET or POST /me/flow_status): its context first, so a
 * guard woken by the flags already sees the context of the same answer.
 */
export function applyFlowStatus(
  answer: { flow_status_flags: FlowStatusFlags; flow_context?: ServerFlowContext | undefined },
  st: Store = store,
): void {
  st.set(serverFlowContextState, answer.flow_context ?? null);
  st.set(flowFlagsState, answer.flow_status_flags);
}

/** Flags alone (tests, and the kernel's wipe); null also drops the context, which belongs to the same answer. */
export function setFlowFlags(flags: FlowStatusFlags | null, st: Store = store): void {
  if (flags === null) st.set(serverFlowContextState, null);
  st.set(flowFlagsState, flags);
}

/** The server holds this number for the visitor now (null: none). */
export function setHeldNumber(number: PhoneNumber | null, st: Store = store): void {
  st.set(numberState, number);
}

/** The visitor's saved plan as the server has it (null: none). */
export function setSavedPlan(plan: SavedPlan | null, st: Store = store): void {
  st.set(savedPlanState, plan);
}

/** The plan step opened (or closed: null) a plan's review. */
export function setPlanInReview(plan: PlanInReview | null, st: Store = store): void {
  st.set(planInReviewState, plan);
}

export function setBizConfig(state: BizConfigState, st: Store = store): void {
  st.set(bizConfigState, state);
}

/** How far this device's clock is behind the server's (ms). */
export function setClockSkew(ms: number, st: Store = store): void {
  st.set(clockSkewState, ms);
}

/** Shows an error pop-up (the host renders it); null closes it. */
export function setError(error: ErrorObject | null, st: Store = store): void {
  st.set(errorState, error);
}

/** The start parameters read at start-up (SPEC 2). */
export function setStartParams(params: Readonly<Record<string, string>>, st: Store = store): void {
  st.set(startParamsState, params);
}

/** A step has applied these start parameters: a later visit to it starts plain. */
export function dropStartParams(keys: readonly string[], st: Store = store): void {
  const rest: Record<string, string> = { ...st.get(startParamsState) };
  for (const k of keys) delete rest[k];
  st.set(startParamsState, rest);
}

/** Changes the session's stored fields (ids after a login, the language, the gclid). */
export function updateSession(patch: Partial<StoredSession>, st: Store = store): void {
  st.set(sessionState, { ...st.get(sessionState), ...patch });
}

/** Logout (SPEC 4): wipe stored data and assign a new random device id. */
export function wipeSession(st: Store = store): void {
  const lang = st.get(sessionState).language;
  st.set(sessionState, {
    deviceId: newDeviceId(),
    sessionId: null,
    uid: null,
    accountNumber: null,
    language: lang,
    gclid: null,
  });
  // A new visitor never inherits the previous one's residency or retail.
  st.set(serverFlowContextState, null);
  st.set(flowFlagsState, null);
  st.set(savedPlanState, null);
  st.set(planInReviewState, null);
  st.set(numberState, null);
}
