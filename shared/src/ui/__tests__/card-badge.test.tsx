import { render, screen } from '@testing-library/react';
import { Sparkles } from 'lucide';
import { Badge } from '../badge';
import { Card } from '../card';

describe('Card', () => {
  it('is the element asked for, with the card look and its variants', () => {
    render(
      <Card as="section" aria-labelledby="c-title" raised tone="accent">
        <h2 id="c-title">20 GB</h2>
        <p>30 days</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: '20 GB' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveClass('card', 'card--raised', 'card--accent');
  });

  it('defaults to a plain div card', () => {
    const { container } = render(<Card>Text</Card>);
    expect(container.firstElementChild).toHaveClass('card');
    expect(container.firstElementChild!.tagName).toBe('DIV');
    expect(container.firstElementChild).not.toHaveClass('card--raised');
  });
});

describe('Badge', () => {
  it.each(['neutral', 'accent', 'success', 'warning'] as const)('shows its text in the %s tone', (tone) => {
    render(<Badge tone={tone}>Save 30%</Badge>);
    expect(screen.getByText('Save 30%')).toHaveClass('badge', `badge--${tone}`);
  });

  it('is neutral by default and its icon is decorative', () => {
    const { container } = render(<Badge icon={Sparkles}>Recommended</Badge>);
    const badge = screen.getByText('Recommended');
    expect(badge).toHaveClass('badge--neutral');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
