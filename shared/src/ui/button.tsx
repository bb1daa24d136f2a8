import type { ButtonHTMLAttributes } from 'react';
import type { IconNode } from 'lucide';
import { Icon } from './icon';

type Variant = 'primary' | 'secondary' | 'link';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** primary: filled, the one main action of a screen; secondary: outlined; link: quiet text. */
  variant?: Variant;
  /** Waiting for the action: a spinner, aria-busy, and no second press. */
  busy?: boolean;
  /** A decorative icon before the text (mirror it in the caller's choice of icon, not here). */
  icon?: IconNode;
};

/** A button with the design tokens; at least 44x44 px, visible focus (ui.css). */
export function Button({ variant = 'primary', busy = false, icon, className, children, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={['btn', `btn--${variant}`, busy ? 'btn--busy' : null, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : icon ? <Icon icon={icon} /> : null}
      {children}
    </button>
  );
}
