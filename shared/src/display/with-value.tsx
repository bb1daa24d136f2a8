import { Fragment, type ReactNode } from 'react';
import { useT } from '@join/shared/react';

// A value's place: a private-use character, its index, the same again (no translation contains one).
const SLOT = new RegExp('\uE000(\\d+)\uE000');

/**
 * A translated text with values in it (amounts, an e-mail, a place): each value isolated left to
 * right in a <bdi> (with `valueClassName`), so an Arabic sentence keeps its order around it and the
 * value reads as written. `values` maps the text's parameters to what stands for them; `count`
 * picks the plural form. `@join/shared/display`: bundled by the remotes that use it.
 */
export interface WithValueProps {
  text: string;
  values: Record<string, ReactNode>;
  params?: Record<string, string | number>;
  count?: number;
  valueClassName?: string;
}

export function WithValue({ text, values, params = {}, count, valueClassName }: WithValueProps) {
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
          <bdi key={i} dir="ltr" className={valueClassName}>
            {values[names[Number(part)]!]}
          </bdi>
        ),
      )}
    </>
  );
}

/** WithValue with a step's class on its isolated values (`payment-value`, `delivery-value`). */
export function withValueClass(valueClassName: string) {
  return function StepWithValue(props: Omit<WithValueProps, 'valueClassName'>) {
    return <WithValue {...props} valueClassName={valueClassName} />;
  };
}
