/**
 * @join/shared/forms: the field primitive on react-hook-form. A separate entry, not part of
 * the kernel singleton: the host never renders a form, so react-hook-form stays out of the
 * host's download and loads with the step pages that have forms (shared between the steps,
 * tools/rspack-config.mjs). The rules (field-schemas), masks and the field frame are in the
 * kernel (@join/shared), reached by package name like a domain does (one kernel in the page);
 * this entry holds only what needs react-hook-form.
 */
export * from './text-field';
export * from './select-field';
export * from './use-zod-form';
