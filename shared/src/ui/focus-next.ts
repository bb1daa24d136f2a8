/**
 * Moves focus to the next control of the same form (SPEC 4: "Focus moves on to the next
 * field"). Skips what a person cannot reach: disabled, hidden and tabindex=-1 controls.
 */
export function focusNextControl(from: HTMLElement): void {
  const scope = (from as HTMLInputElement).form ?? from.closest('form, fieldset, [role="form"]') ?? from.ownerDocument.body;
  const controls = Array.from(scope.querySelectorAll<HTMLElement>('input, select, textarea, button')).filter(
    (el) => !(el as HTMLInputElement).disabled && (el as HTMLInputElement).type !== 'hidden' && el.tabIndex >= 0,
  );
  const next = controls[controls.indexOf(from) + 1];
  next?.focus();
}
