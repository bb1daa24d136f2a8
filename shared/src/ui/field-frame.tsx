import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide';
import { Icon } from './icon';

/** The ids a field's input points at: its hint, then its error (read in that order). */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's error: below the hint, with an icon (not colour alone), announced when it appears. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="error-text field__error" role="alert">
      <Icon icon={CircleAlert} />
      <span>{children}</span>
    </p>
  );
}

/**
 * What a control's frame shows below it: the hint, then the error (describedBy points at both).
 * `block` names the frame's CSS block: `field__hint` under a field, `checkbox__hint` under a box.
 */
export function FieldNotes({ id, hint, error, block = 'field' }: { id: string; hint?: ReactNode; error?: string | null | undefined; block?: 'field' | 'checkbox' }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={`${block}__hint muted`}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </>
  );
}

/**
 * The field primitive: the frame every field shares. Label above, the control, hint below, and
 * the error below the hint with an icon, in a role="alert" element so screen readers announce it
 * when it appears. The control carries `id`, `aria-describedby={describedBy(...)}` and
 * `aria-invalid`; `.field input`, `.field select` and `.field textarea` get the field look.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
