import type { ReactNode } from 'react';

/** The heading of a step. The host moves focus here on every step change (WCAG 2.4.3). */
export function StepHeading({ children, id = 'step-heading' }: { children: ReactNode; id?: string }) {
  return (
    <h1 id={id} className="step-heading" tabIndex={-1} data-step-heading="">
      {children}
    </h1>
  );
}
