/**
 * @join/shared/react, the kernel's React layer: the hooks over the core's i18n and focus rules, and
 * the page's one QueryClient with its retry and error rules (@tanstack/react-query). It reaches the
 * core only as `@join/shared` (one instance in the page); a Module Federation singleton of the
 * kernel's version, like the core and `@join/shared/ui`.
 */
export * from './react/use-t';
export * from './react/use-focus-heading';
export * from './query/query-client';
export * from './query/flow-status';
