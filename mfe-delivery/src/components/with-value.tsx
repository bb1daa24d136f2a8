import { Fragment, type ReactNode } from 'react';
import { useT } from '@join/shared';

// A value's place: a private-use character, its index, the same again (no translation contains one).
const SLOT = new RegExp('\uE000(\\d+)\uE000');

/**
 * A translated text with values in it (amounts, an e-mail): each value isolated left to right
 * in a <bdi>, so an Arabic sentence keeps its order around it and the value reads as written.
 * `values` maps the text's parameters to what stands for them; `count` picks the plural form.
 */
export function WithValue({ text, values, params = {}, count }: { text: string; values: Record<string, ReactNode>; params?: Record<string, string | number>; count?: number }) {
  const t = useT();
  const names = Object.keys(values);
  const slots = Object.fromEntries(names.map((n, i) => [n, `\uE000${i}\uE000`]));
  const parts = t(text, { ...params, ...(count === undefined ? {} : { count }), ...slots }).split(SLOT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <bdi key={i} dir="ltr" className="delivery-value">
            {values[names[Number(part)]!]}
          </bdi>
        ),
      )}
    </>
  );
}
