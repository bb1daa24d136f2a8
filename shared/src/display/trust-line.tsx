import { Icon, type IconData } from '@join/shared/ui';

/**
 * DESIGN "Trust": one reassuring line beside a step's form (a lock and where the card details go;
 * the delivery promise and cash on delivery), its icon decorative. `className` is the step's
 * block; the icon takes `<className>__icon`.
 */
export function TrustLine({ icon, text, className }: { icon: IconData; text: string; className: string }) {
  return (
    <p className={className}>
      <Icon icon={icon} className={`${className}__icon`} />
      <span>{text}</span>
    </p>
  );
}
