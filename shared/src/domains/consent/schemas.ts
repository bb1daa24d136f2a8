import { z } from 'zod';
import { CONSENT_CODE, CONSENT_PURPOSES } from './constants';

/** GET /consent.json's query (SPEC 7): the code of the legal texts. Another code: a validation error. */
export const ConsentQuery = z.object({ code: z.literal(CONSENT_CODE) }).strict();
export type ConsentQuery = z.infer<typeof ConsentQuery>;

/** One purpose as the legal texts explain it, in the language asked (the `language` header). */
export const ConsentPurposeText = z.object({
  id: z.enum(CONSENT_PURPOSES),
  /** Always on: the service needs it (the choice offers no switch for it). */
  required: z.boolean(),
  title: z.string().min(1),
  /** One line in plain words. */
  description: z.string().min(1),
});
export type ConsentPurposeText = z.infer<typeof ConsentPurposeText>;

/** The legal texts of a code, in one version: what a choice answers. */
export const ConsentTexts = z.object({
  code: z.literal(CONSENT_CODE),
  version: z.number().int().positive(),
  language: z.enum(['en', 'ar']),
  title: z.string().min(1),
  summary: z.string().min(1),
  purposes: z.array(ConsentPurposeText).min(1),
});
export type ConsentTexts = z.infer<typeof ConsentTexts>;

/** A visitor's choice as recorded: the purposes beyond the necessary, the texts' version, the server's time. */
export const ConsentChoice = z.object({
  version: z.number().int().positive(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  recorded_at: z.number().int(),
});
export type ConsentChoice = z.infer<typeof ConsentChoice>;

/**
 * GET /consent.json: the texts, and this visitor's last choice for them (null: none yet, or one
 * for an older version, which must be asked again).
 */
export const ConsentResponse = z.object({ consent: ConsentTexts, choice: ConsentChoice.nullable() });
export type ConsentResponse = z.infer<typeof ConsentResponse>;

const formBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * POST /consent.json (SPEC 7: "not shown"; ours): the code and version of the texts the visitor
 * read, and a yes or no for each optional purpose (form fields, as every POST of the page). A
 * version other than the current one is refused: the visitor answered texts that have changed.
 */
export const ConsentBody = z
  .object({
    code: z.literal(CONSENT_CODE),
    version: z.coerce.number().int().positive(),
    analytics: formBoolean,
    marketing: formBoolean,
  })
  .strict();
export type ConsentBody = z.infer<typeof ConsentBody>;

/** POST /consent.json's answer: the choice as recorded. */
export const ConsentChoiceResponse = z.object({ choice: ConsentChoice });
export type ConsentChoiceResponse = z.infer<typeof ConsentChoiceResponse>;
