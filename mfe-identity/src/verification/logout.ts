import { api, bus, wipeSession } from '@join/shared';

/** Logging out as the footer does: the server's session ended (whatever it answers), the local one wiped, the host told. */
export async function logOut(): Promise<void> {
  await api.logout().catch(() => undefined);
  wipeSession();
  bus.emit('session:ended', { code: null });
}
