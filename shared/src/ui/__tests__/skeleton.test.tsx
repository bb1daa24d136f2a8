import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { Skeleton, SkeletonGroup } from '../skeleton';

describe('Skeleton', () => {
  it('draws shaped placeholders hidden from assistive technology, with one text for screen readers', () => {
    const { container } = render(
      <SkeletonGroup label="Loading plans…">
        <Skeleton shape="title" />
        <Skeleton lines={3} />
        <Skeleton shape="card" />
        <Skeleton shape="circle" />
      </SkeletonGroup>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    const group = container.querySelector('.skeleton-group')!;
    expect(Array.from(group.children).slice(1).every((el) => el.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(group.querySelectorAll('.skeleton--text')).toHaveLength(3);
    expect(group.querySelector('.skeleton--card')).not.toBeNull();
    expect(group.querySelector('.skeleton--circle')).not.toBeNull();
  });

  it('stops its shimmer under prefers-reduced-motion', () => {
    const css = readFileSync(path.join(__dirname, '..', 'ui.css'), 'utf8');
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toMatch(/\.skeleton::after[^{]*\{\s*animation: none/);
  });
});
