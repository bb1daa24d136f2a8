import { readStoredSession, writeStoredSession, wipeSession, store, sessionAtom, flowFlagsAtom, setFlowFlags, updateSession } from '../store';
import { EMPTY_FLOW_FLAGS } from '../schemas/entities';

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips the stored session', () => {
    const s = { deviceId: 'device-abcdef', sessionId: 's1', uid: 'u1', accountNumber: null, language: 'ar' as const, gclid: null };
    writeStoredSession(s);
    expect(readStoredSession()).toEqual(s);
  });

  it('starts over with a new device id when storage is corrupt', () => {
    localStorage.setItem('join.session.v1', '{not json');
    const s = readStoredSession();
    expect(s.sessionId).toBeNull();
    expect(s.deviceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('wipe keeps the language and assigns a new device id (SPEC 4 logout)', () => {
    updateSession({ deviceId: 'device-old1', sessionId: 's', uid: 'u', accountNumber: '1', language: 'ar', gclid: null });
    setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true });
    wipeSession();
    const s = store.get(sessionAtom);
    expect(s).toMatchObject({ sessionId: null, uid: null, accountNumber: null, language: 'ar' });
    expect(s.deviceId).not.toBe('device-old1');
    expect(store.get(flowFlagsAtom)).toBeNull();
    expect(JSON.parse(localStorage.getItem('join.session.v1')!).sessionId).toBeNull();
  });
});
