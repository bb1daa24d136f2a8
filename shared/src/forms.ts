/**
 * @join/shared/forms: the field primitive on react-hook-form. A separate entry, not part of
 * the kernel singleton: the host never renders a form, so react-hook-form stays out of the
 * host's download and loads with the step pages that have forms (shared between the steps,
 * tools/rspack-config.mjs). The rules (field-schemas), masks and the field frame are in the
 * kernel (@join/shared); this entry holds only what needs react-hook-form.
 */
export * from './ui/field';
export * from './ui/select-field';
export * from './react/use-zod-form';
