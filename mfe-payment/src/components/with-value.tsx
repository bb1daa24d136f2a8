import type { ComponentProps } from 'react';
import { WithValue as SharedWithValue } from '@join/shared/with-value';

/** The kernel-side WithValue (@join/shared/with-value) with this step's class on the isolated values. */
export function WithValue(props: Omit<ComponentProps<typeof SharedWithValue>, 'valueClassName'>) {
  return <SharedWithValue {...props} valueClassName="payment-value" />;
}
