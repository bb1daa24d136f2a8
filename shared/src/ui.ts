/**
 * @join/shared/ui, the kernel's UI primitives (DESIGN.md; shared/README.md lists them): React
 * components on top of the core (`@join/shared`) and the React layer (`@join/shared/react`),
 * reached by those names only. A Module Federation singleton of the kernel's version, shipped
 * with the host: one copy in the page.
 */
export * from './ui/icon';
export * from './ui/button';
export * from './ui/modal';
export * from './ui/sheet';
export * from './ui/consent-checkbox';
export * from './ui/step-heading';
export * from './ui/live-region';
export * from './ui/plan-specs';
export * from './ui/price';
export * from './ui/phone-number';
export * from './ui/focus-next';
export * from './ui/field-frame';
export * from './ui/select';
export * from './ui/checkbox';
export * from './ui/radio-cards';
export * from './ui/card';
export * from './ui/badge';
export * from './ui/alert';
export * from './ui/skeleton';
