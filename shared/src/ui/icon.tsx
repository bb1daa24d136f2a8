import type { LucideIcon } from 'lucide-react';

/**
 * The one way the product draws an icon (DESIGN.md "Icons"): an icon of the Lucide set
 * (lucide-react, tree-shaken: a module imports only the icons it draws, e.g.
 * `import { Wifi } from 'lucide-react'`), sized in em so it follows the text.
 *
 * - Without `label` the icon is decorative: hidden from assistive technology.
 * - With `label` it is meaningful: role="img" and that name.
 * - `mirror` flips it in right-to-left text (arrows, chevrons: icons with a direction);
 *   other icons are never mirrored.
 */
export function Icon({
  icon: Glyph,
  label,
  mirror = false,
  size = '1.25em',
  className,
}: {
  icon: LucideIcon;
  label?: string | undefined;
  mirror?: boolean;
  size?: string | number;
  className?: string | undefined;
}) {
  const classes = ['icon', mirror ? 'icon--mirror' : null, className].filter(Boolean).join(' ');
  return label ? (
    <Glyph className={classes} width={size} height={size} role="img" aria-label={label} focusable="false" strokeWidth={2} />
  ) : (
    <Glyph className={classes} width={size} height={size} aria-hidden="true" focusable="false" strokeWidth={2} />
  );
}
