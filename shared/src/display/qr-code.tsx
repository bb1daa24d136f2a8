import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as SVG: one path of dark modules on a light square (uqr's matrix includes the quiet
 * zone), error correction M. `@join/shared/qr`: bundled by the remotes that use it, each loading
 * it only on the screen that shows a code (the payment QR, the eSIM's activation code).
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    const d: string[] = [];
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: qr.size, path: d.join('') };
  }, [value]);
  return (
    <svg className={className} role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
