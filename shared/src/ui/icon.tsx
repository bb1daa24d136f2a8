import { createElement } from 'react';
import type { IconNode } from 'lucide';

/**
 * The one way the product draws an icon (DESIGN.md "Icons"): an icon of the Lucide set, as the
 * `lucide` package's plain data (tree-shaken: a module imports only the icons it draws, e.g.
 * `import { Wifi } from 'lucide'`), drawn here as an inline SVG sized in em so it follows the
 * text. Drawing the data ourselves, rather than through lucide-react's components, keeps the
 * icon runtime out of the first download (a dozen lines here against its component factory).
 *
 * - Without `label` the icon is decorative: hidden from assistive technology.
 * - With `label` it is meaningful: role="img" and that name.
 * - `mirror` flips it in right-to-left text (arrows, chevrons: icons with a direction);
 *   other icons are never mirrored.
 */
export type IconData = IconNode;

export function Icon({
  icon,
  label,
  mirror = false,
  size = '1.25em',
  className,
}: {
  icon: IconData;
  label?: string | undefined;
  mirror?: boolean;
  size?: string | number;
  className?: string | undefined;
}) {
  const classes = ['icon', mirror ? 'icon--mirror' : null, className].filter(Boolean).join(' ');
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={classes}
      {...a11y}
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
