import { atom, createStore } from 'jotai/vanilla';
import { z } from 'zod';
import type { BusinessConfig, ErrorObject, FlowStatusFlags, PhoneNumber, SavedPlan } from './schemas/entities';

/**
 * The page's one jotai store, created here and mounted by the host with <Provider store>.
 * Step modules read and write the same atoms because @join/shared is a singleton.
 */
export const store = createStore();
export type Store = typeof store;

const STORAGE_KEY = 'join.session.v1';

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
  const raw = storage?.getItem(STORAGE_KEY);
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
  storage?.setItem(STORAGE_KEY, JSON.stringify(s));
}

export const sessionAtom = atom<StoredSession>(readStoredSession());
store.sub(sessionAtom, () => writeStoredSession(store.get(sessionAtom)));

/** null until the first GET /me/flow_status answers: routes render only after that. */
export const flowFlagsAtom = atom<FlowStatusFlags | null>(null);
export type BizConfigState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; config: BusinessConfig };
export const bizConfigAtom = atom<BizConfigState>({ status: 'loading' });
export const savedPlanAtom = atom<SavedPlan | null>(null);
export const numberAtom = atom<PhoneNumber | null>(null);
/** The error pop-up the host shows; null when none. */
export const errorAtom = atom<ErrorObject | null>(null);
/** Start parameters that steer the recommended route (SPEC 2, rule 4). */
export const startParamsAtom = atom<Readonly<Record<string, string>>>({});
/** Milliseconds to add to Date.now() to get server time (for hold countdowns). */
export const clockSkewAtom = atom<number>(0);

/** Logout (SPEC 4): wipe stored data and assign a new random device id. */
export function wipeSession(): void {
  const lang = store.get(sessionAtom).language;
  store.set(sessionAtom, {
    deviceId: newDeviceId(),
    sessionId: null,
    uid: null,
    accountNumber: null,
    language: lang,
    gclid: null,
  });
  store.set(flowFlagsAtom, null);
  store.set(savedPlanAtom, null);
  store.set(numberAtom, null);
}
