import type { ReactNode } from 'react';
import { PhoneNumberText } from '@join/shared/ui';

const MARK = '\u2063NUMBER\u2063';

/**
 * A translated sentence with a phone number in it, the number drawn by PhoneNumberText
 * (grouped, left to right inside Arabic, copied without spaces) where the text's {{number}} is.
 * `text` is called with the placeholder to put in the {{number}} slot.
 */
export function TextWithNumber({ text, msisdn }: { text: (number: string) => string; msisdn: string }): ReactNode {
  const [before = '', after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      <PhoneNumberText msisdn={msisdn} />
      {after}
    </>
  );
}
