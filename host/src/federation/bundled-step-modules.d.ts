/**
 * The step modules as the single-bundle build imports them (bundled-steps.ts): each registered
 * module's exposed ./Step file, aliased by tools/single-bundle.mjs. Only that build resolves them.
 */
declare module 'join-bundled-step/*' {
  import type { ComponentType } from 'react';
  import type { StepComponentProps } from '@join/shared';

  const Step: ComponentType<StepComponentProps>;
  export default Step;
}
