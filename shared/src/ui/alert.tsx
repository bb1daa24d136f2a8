import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert, type IconNode } from 'lucide';
import { Icon } from './icon';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const ICON: Record<AlertTone, IconNode> = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

/**
 * A message in the page: an icon (the tone is never colour alone), an optional title, the text
 * and the action that helps (DESIGN "Errors help"). Info and success are polite (role="status");
 * warning and error interrupt (role="alert"). `live={false}` for a message that is part of the
 * page from the start and must not be announced as news.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  actions,
  live = true,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  live?: boolean;
  className?: string;
}) {
  const role = !live ? undefined : tone === 'warning' || tone === 'error' ? 'alert' : 'status';
  return (
    <div role={role} className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}>
      <Icon icon={ICON[tone]} className="alert__icon" />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
        {actions ? <div className="alert__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
