import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CardFieldsMessage, PAYMENT_PAGE_SOURCE, type PaymentPageMessage } from '@join/shared/payment';

function postTokenize(target: Window | null, origin: string): void {
  const message: PaymentPageMessage = { source: PAYMENT_PAGE_SOURCE, type: 'tokenize' };
  target?.postMessage(message, origin);
}

/** What `tokenize` gives: the single-use token (and what the receipt may show), or why none came. */
export type TokenizeResult =
  | { ok: true; token: string; brand: 'visa' | 'mastercard' | 'amex'; last4: string }
  | { ok: false; code: 'invalid' | 'network' | 'rejected' | 'timeout' };

/** How long the frame has to answer `tokenize` (it calls the provider: a slow network, not forever). */
export const TOKENIZE_TIMEOUT_MS = 30_000;

/**
 * The provider's hosted card fields in an iframe (protocol: shared/src/domains/payment/card-fields.ts).
 * Only messages from the frame's own window and its origin (the origin of fields_url), shaped
 * as the protocol says, are listened to: anything else (another origin, another window, a
 * malformed or extra-field message) is ignored. The page asks for a token with `tokenize`,
 * posted to that origin only, once the frame has said `ready` (asked before, it waits for it);
 * the answer is `tokenized` or `error`.
 */
export function useCardFrame({
  fieldsUrl,
  merchantId,
  language,
  onSubmit,
}: {
  fieldsUrl: string;
  merchantId: string;
  language: 'en' | 'ar';
  /** Enter pressed in a field: as if the page's pay button was pressed. */
  onSubmit: () => void;
}) {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const origin = useMemo(() => new URL(fieldsUrl).origin, [fieldsUrl]);
  const src = useMemo(() => {
    const u = new URL(fieldsUrl);
    u.searchParams.set('merchant', merchantId);
    u.searchParams.set('origin', window.location.origin);
    u.searchParams.set('lang', language);
    return u.toString();
  }, [fieldsUrl, merchantId, language]);
  // A new generation remounts the iframe: a fresh, empty form ("Change card").
  const [generation, setGeneration] = useState(0);
  const [height, setHeight] = useState<number | null>(null);
  const [complete, setComplete] = useState(false);
  const pending = useRef<((r: TokenizeResult) => void) | null>(null);
  const focusWhenReady = useRef(false);
  // Whether the frame now mounted has said `ready` (its script listens), and a `tokenize` asked
  // for before it had: sent on `ready`, not lost to a page that was still loading.
  const frameReady = useRef(false);
  const tokenizeWhenReady = useRef(false);
  const submit = useRef(onSubmit);
  useEffect(() => {
    submit.current = onSubmit;
  }, [onSubmit]);

  const settle = useCallback((r: TokenizeResult) => pending.current?.(r), []);

  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.origin !== origin) return;
      const frame = frameRef.current;
      if (!frame || e.source !== frame.contentWindow) return;
      const parsed = CardFieldsMessage.safeParse(e.data);
      if (!parsed.success) return;
      const m = parsed.data;
      switch (m.type) {
        case 'ready':
          frameReady.current = true;
          setHeight(m.height);
          if (tokenizeWhenReady.current) {
            tokenizeWhenReady.current = false;
            postTokenize(frame.contentWindow, origin);
          }
          if (focusWhenReady.current) {
            focusWhenReady.current = false;
            frame.focus();
          }
          break;
        case 'resize':
          setHeight(m.height);
          break;
        case 'change':
          setComplete(m.complete);
          break;
        case 'submit':
          submit.current();
          break;
        case 'tokenized':
          settle({ ok: true, token: m.token, brand: m.brand, last4: m.last4 });
          break;
        case 'error':
          settle({ ok: false, code: m.code });
          break;
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origin, settle]);

  // A token asked for and the screen gone: nobody waits for it any more.
  useEffect(() => () => settle({ ok: false, code: 'timeout' }), [settle]);

  const tokenize = useCallback(
    () =>
      new Promise<TokenizeResult>((resolve) => {
        const target = frameRef.current?.contentWindow;
        if (!target) {
          resolve({ ok: false, code: 'timeout' });
          return;
        }
        // One question at a time: an older one still open gets no answer.
        settle({ ok: false, code: 'timeout' });
        const timer = setTimeout(() => settle({ ok: false, code: 'timeout' }), TOKENIZE_TIMEOUT_MS);
        pending.current = (r) => {
          clearTimeout(timer);
          pending.current = null;
          tokenizeWhenReady.current = false;
          resolve(r);
        };
        if (frameReady.current) postTokenize(target, origin);
        else tokenizeWhenReady.current = true;
      }),
    [origin, settle],
  );

  /** Focus into the frame (its own script focuses the first wrong field after an `invalid`). */
  const focus = useCallback(() => frameRef.current?.focus(), []);

  /** A fresh, empty form, focused once it is ready ("Change card"). */
  const reload = useCallback(() => {
    settle({ ok: false, code: 'timeout' }); // a question still waiting is answered, and no longer waits for a ready
    frameReady.current = false;
    setHeight(null);
    setComplete(false);
    focusWhenReady.current = true;
    setGeneration((g) => g + 1);
  }, [settle]);

  return { frameRef, src, origin, generation, height, ready: height !== null, complete, tokenize, focus, reload };
}
