// A type from the file itself: in Node, @join/shared is the kernel's Node entry, which has no i18n.
import type { PluralCategory } from '../i18n/plural';

type PluralStem<K> = K extends `${infer S}.other` ? S : never;
type PluralKey<English> = `${PluralStem<keyof English>}.${PluralCategory}`;

/**
 * The shape of a domain's Arabic texts (`texts.ar.ts`) for its English (`texts.ts`): every plain
 * key, and every plural stem with all six Arabic forms (`<key>.zero|one|two|few|many|other`,
 * Arabic uses them all where English has one and other). A literal of this type with a key
 * missing, or with a key its English lacks, fails the type-check.
 */
export type ArabicTexts<English> = Record<Exclude<keyof English, PluralKey<English>> | PluralKey<English>, string>;
