import type { ComponentProps } from 'react';
import { WithValue as SharedWithValue } from '@join/shared/display';

/** The kernel-side WithValue (@join/shared/display) with this step's class on the isolated values. */
export function WithValue(props: Omit<ComponentProps<typeof SharedWithValue>, 'valueClassName'>) {
  return <SharedWithValue {...props} valueClassName="payment-value" />;
}
