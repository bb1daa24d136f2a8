import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Send } from 'lucide';
import { Button } from '../button';

describe('Button', () => {
  it('is a button of its variant that runs its action by click and keyboard', async () => {
    const onClick = jest.fn();
    render(
      <>
        <Button onClick={onClick}>Continue</Button>
        <Button variant="secondary">Back</Button>
        <Button variant="link">Edit</Button>
      </>,
    );
    const primary = screen.getByRole('button', { name: 'Continue' });
    expect(primary).toHaveClass('btn', 'btn--primary');
    expect(primary).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Back' })).toHaveClass('btn--secondary');
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveClass('btn--link');
    await userEvent.click(primary);
    primary.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('while busy shows a spinner, says so and cannot be pressed again', async () => {
    const onClick = jest.fn();
    const { container } = render(
      <Button busy icon={Send} onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(container.querySelector('.btn__spinner')).toHaveAttribute('aria-hidden', 'true');
    // The spinner takes the icon's place: one leading mark, not two.
    expect(container.querySelector('svg')).toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('draws an optional leading icon, hidden from assistive technology', () => {
    const { container } = render(<Button icon={Send}>Send</Button>);
    const svg = container.querySelector('button > svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.nextSibling?.textContent).toBe('Send');
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-busy');
  });
});
