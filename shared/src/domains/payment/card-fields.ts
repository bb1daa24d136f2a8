import { z } from 'zod';

/**
 * The hosted card fields' messages: the card provider's page, on its own origin, is
 * framed by the payment page; the card number, expiry, CVV and holder name are typed there and
 * never reach the product. The two windows talk by postMessage only, with these messages, each
 * side checking the other's origin (the frame: the `origin` query parameter it was opened with;
 * the page: the origin of the summary's card.fields_url).
 *
 * The frame's address: `${fields_url}?merchant=${merchant_id}&origin=${page origin}&lang=en|ar`.
 * The frame shows the four fields with their labels, hints and errors in that language (SPEC 5
 * rules while typing, the automatic slash of MM/YY, the brand icon), right-to-left in Arabic.
 * The pay button is the page's (it states the amount); pressing Enter in the frame asks for it.
 */
export const CARD_FIELDS_SOURCE = 'join-card-fields' as const;
export const PAYMENT_PAGE_SOURCE = 'join-payment' as const;

const brand = z.enum(['visa', 'mastercard', 'amex']).nullable();

/** Frame -> page. */
export const CardFieldsMessage = z.union([
  /** Loaded; its content's height in CSS pixels (the page sizes the frame, no inner scrollbar). */
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('ready'), height: z.number().nonnegative() }),
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('resize'), height: z.number().nonnegative() }),
  /** After each edit: whether all four fields are valid, and the brand as typed (type code 001/002/003). */
  z.object({
    source: z.literal(CARD_FIELDS_SOURCE),
    type: z.literal('change'),
    complete: z.boolean(),
    brand,
    type_code: z.enum(['001', '002', '003']).nullable(),
  }),
  /** Enter was pressed in a field: the page acts as if its pay button was pressed. */
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('submit') }),
  /** The answer to `tokenize`: a single-use token (15 minutes), and what the receipt may show. */
  z.object({
    source: z.literal(CARD_FIELDS_SOURCE),
    type: z.literal('tokenized'),
    token: z.string().regex(/^tok_[A-Za-z0-9]{8,64}$/),
    brand: z.enum(['visa', 'mastercard', 'amex']),
    last4: z.string().regex(/^\d{4}$/),
  })
    // Nothing else: a frame that sent more (a card number) is not listened to.
    .strict(),
  /**
   * The answer to `tokenize` when no token came: invalid (the frame shows the errors and focuses
   * the first wrong field), network (the provider could not be reached), rejected (the provider
   * refused the card outright, e.g. a brand it does not take).
   */
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('error'), code: z.enum(['invalid', 'network', 'rejected']) }),
]);
export type CardFieldsMessage = z.infer<typeof CardFieldsMessage>;

/** Page -> frame: make a token of what is typed (answered by `tokenized` or `error`). */
export const PaymentPageMessage = z.object({ source: z.literal(PAYMENT_PAGE_SOURCE), type: z.literal('tokenize') });
export type PaymentPageMessage = z.infer<typeof PaymentPageMessage>;
