import { useEffect, useRef, useState } from 'react';
import { apiClient, type ApiClient } from '@join/shared';
import { DeviceTokenError, DeviceTokenResponse, type DeviceCodeResponse } from '@join/shared/retail';

/** RFC 8628 section 3.5: a `slow_down` answer adds five seconds to the polling interval, for good. */
export const SLOW_DOWN_STEP_MS = 5_000;

export type TokenAnswer = DeviceTokenResponse | DeviceTokenError['error'];

/**
 * POST /retail/device/token once. A 400 there is RFC 8628's error shape, not the API's: the
 * client's ApiError keeps the answer's body in its cause (ofetch's FetchError `data`).
 */
export async function pollDeviceToken(deviceCode: string, client: ApiClient = apiClient): Promise<TokenAnswer> {
  try {
    return await client.request('POST', '/retail/device/token', { schema: DeviceTokenResponse, body: { device_code: deviceCode }, anonymous: true });
  } catch (err) {
    const body = DeviceTokenError.safeParse((err as { cause?: { data?: unknown } }).cause?.data);
    if (body.success) return body.data.error;
    throw err;
  }
}

export type PollState = 'idle' | 'waiting' | 'expired' | 'denied';

/**
 * Polls the token endpoint for `code` (RFC 8628 section 3.4): first after `interval` seconds, then
 * every `interval` (five seconds more after each slow_down); a lost connection is polled again.
 * Stops on expired_token / invalid_grant, on access_denied, once the code's `expires_in` has run
 * out, or when enrolled (`onEnrolled`). A timer chain rather than a query's refetchInterval: the
 * interval changes with the answers and the first request waits too.
 */
export function useDeviceTokenPoll(code: DeviceCodeResponse | null, onEnrolled: (answer: DeviceTokenResponse) => void): PollState {
  const [state, setState] = useState<PollState>('idle');
  const enrolled = useRef(onEnrolled);
  enrolled.current = onEnrolled;
  useEffect(() => {
    if (!code) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    let intervalMs = code.interval * 1000;
    const deadline = Date.now() + code.expires_in * 1000;
    const tick = async () => {
      if (Date.now() >= deadline) return setState('expired');
      const answer = await pollDeviceToken(code.device_code).catch(() => 'authorization_pending' as const);
      if (stopped) return;
      if (typeof answer === 'object') return enrolled.current(answer);
      if (answer === 'expired_token' || answer === 'invalid_grant') return setState('expired');
      if (answer === 'access_denied') return setState('denied');
      if (answer === 'slow_down') intervalMs += SLOW_DOWN_STEP_MS;
      timer = setTimeout(() => void tick(), intervalMs);
    };
    setState('waiting');
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [code]);
  return state;
}
