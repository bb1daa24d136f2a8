import { withValueClass } from '@join/shared/display';

/** The shared WithValue (@join/shared/display) with this step's class on the isolated values. */
export const WithValue = withValueClass('payment-value');
