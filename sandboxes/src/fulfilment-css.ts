import { publicFile } from './public-files';

/** The courier's and the eSIM service's stylesheet (fulfilment/public/sandbox.css), served as /assets/sandbox.css. */
export const FULFILMENT_CSS = publicFile('fulfilment', 'sandbox.css');

/** Pages are never cached; their other headers (nothing inline, only their own stylesheet, forms to themselves, no framing) are every sandbox's (headers.ts). */
export const FULFILMENT_PAGE_HEADERS = { 'cache-control': 'no-store' } as const;
