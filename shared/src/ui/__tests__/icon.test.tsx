import { render, screen } from '@testing-library/react';
import { ArrowLeft, Wifi } from 'lucide';
import { Icon } from '../icon';

describe('Icon', () => {
  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Icon icon={Wifi} />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).not.toHaveAttribute('role');
    expect(svg).toHaveClass('icon');
  });

  it('is an image with a name when it carries meaning', () => {
    render(<Icon icon={Wifi} label="Data" />);
    expect(screen.getByRole('img', { name: 'Data' })).toBeInTheDocument();
  });

  it('mirrors only the icons that point somewhere', () => {
    const { container } = render(
      <>
        <Icon icon={ArrowLeft} mirror />
        <Icon icon={Wifi} />
      </>,
    );
    const [arrow, wifi] = Array.from(container.querySelectorAll('svg'));
    expect(arrow).toHaveClass('icon--mirror');
    expect(wifi).not.toHaveClass('icon--mirror');
  });
});
