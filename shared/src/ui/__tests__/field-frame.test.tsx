import { render, screen } from '@testing-library/react';
import { describedBy, FieldFrame } from '../field-frame';
import { expectAnnouncedError } from './announced-error';

function Field({ error, hint }: { error?: string; hint?: string }) {
  return (
    <FieldFrame id="f" label="Email" hint={hint} error={error}>
      <input id="f" aria-invalid={error ? true : undefined} aria-describedby={describedBy('f', hint, error)} />
    </FieldFrame>
  );
}

describe('FieldFrame (the field primitive)', () => {
  it('puts the label above the control, the hint below it', () => {
    const { container } = render(<Field hint="We send the receipt here" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We send the receipt here');
    const order = Array.from(container.querySelector('.field')!.children).map((el) => el.tagName);
    expect(order).toEqual(['LABEL', 'INPUT', 'P']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the error below the hint, with an icon, and ties it to the control', () => {
    const { container } = render(<Field hint="We send the receipt here" error="Enter an email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const alert = expectAnnouncedError(input, { hint: 'We send the receipt here', error: 'Enter an email address' });
    expect(alert.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const frame = container.querySelector('.field')!;
    expect(frame).toHaveClass('field--invalid');
    expect(frame.lastElementChild).toBe(alert);
  });
});
