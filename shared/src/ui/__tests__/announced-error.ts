import { screen } from '@testing-library/react';

/**
 * A control's error as every primitive announces it: in the page's one alert, the control marked
 * invalid and described by its hint, then the error (describedBy). Returns the alert.
 */
export function expectAnnouncedError(control: HTMLElement, { hint, error }: { hint: string; error: string }): HTMLElement {
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(error);
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(control).toHaveAccessibleDescription(`${hint} ${error}`);
  return alert;
}
