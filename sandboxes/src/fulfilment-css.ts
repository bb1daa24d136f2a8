import { publicFile } from './public-files';

/** The courier's and the eSIM service's stylesheet (fulfilment/public/sandbox.css), served as /assets/sandbox.css. */
export const FULFILMENT_CSS = publicFile('fulfilment', 'sandbox.css');

/** Pages are never cached; their other headers (nothing inline, only their own stylesheet, forms to themselves, no framing) are every sandbox's (headers.ts). */
export const FULFILMENT_PAGE_HEADERS = { 'cache-control': 'no-store' } as const;

/** `?lang=ar` gives Arabic; anything else English. */
export function pageLanguage(value: unknown): 'en' | 'ar' {
  return value === 'ar' ? 'ar' : 'en';
}
