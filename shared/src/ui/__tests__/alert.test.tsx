import { render, screen } from '@testing-library/react';
import { Alert } from '../alert';
import { Button } from '../button';

describe('Alert', () => {
  it.each([
    ['info', 'status'],
    ['success', 'status'],
    ['warning', 'alert'],
    ['error', 'alert'],
  ] as const)('%s is announced as %s, with an icon', (tone, role) => {
    render(
      <Alert tone={tone} title="Heads up">
        Your number is held for 15 minutes.
      </Alert>,
    );
    const el = screen.getByRole(role);
    expect(el).toHaveClass('alert', `alert--${tone}`);
    expect(el).toHaveTextContent('Heads up');
    expect(el).toHaveTextContent('Your number is held for 15 minutes.');
    expect(el.querySelector('svg.alert__icon')).toHaveAttribute('aria-hidden', 'true');
  });

  it('offers the action that helps', () => {
    render(<Alert tone="error" title="The payment did not go through" actions={<Button>Try again</Button>} />);
    expect(screen.getByRole('alert')).toContainElement(screen.getByRole('button', { name: 'Try again' }));
  });

  it('is not a live region when it is part of the page from the start', () => {
    render(
      <Alert tone="warning" live={false}>
        Delivery is not available on Fridays.
      </Alert>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Delivery is not available on Fridays.')).toBeInTheDocument();
  });
});
