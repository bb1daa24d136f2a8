import { act, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { Price } from '../price';

afterEach(() => act(() => i18n.setLanguage('en')));

describe('Price', () => {
  it('shows the amount with what it is for and that VAT is included', () => {
    const { container } = render(<Price amount={52.5} period={{ kind: 'month' }} />);
    expect(container.querySelector('.price__amount')).toHaveTextContent('AED 52.50');
    expect(container).toHaveTextContent('AED 52.50 per month incl. VAT');
    expect(container.querySelector('.price__was')).toBeNull();
    expect(container.querySelector('.price__save')).toBeNull();
  });

  it('names the period of a whole term and of what is paid today', () => {
    const { container, rerender } = render(<Price amount={1888.95} period={{ kind: 'term', months: 12 }} />);
    expect(container).toHaveTextContent('AED 1,888.95 for 12 months incl. VAT');
    rerender(<Price amount={101.59} period={{ kind: 'today' }} inclVat={false} />);
    expect(container).toHaveTextContent('AED 101.59 total today');
    expect(container).not.toHaveTextContent('VAT');
  });

  it('strikes the original through beside a discount, says it in words and shows the saving', () => {
    const { container } = render(<Price amount={101.59} original={135.45} />);
    const was = container.querySelector('s.price__was');
    expect(was).not.toBeNull();
    // A strike-through is not announced: the words say it.
    expect(screen.getByText('was AED 135.45')).toHaveClass('visually-hidden');
    expect(was?.querySelector('[aria-hidden="true"]')).toHaveTextContent('AED 135.45');
    expect(container.querySelector('.price__save')).toHaveTextContent('Save AED 33.86');
  });

  it('shows no saving when the original is not above the amount', () => {
    const { container } = render(<Price amount={50} original={50} />);
    expect(container.querySelector('.price__was')).toBeNull();
    expect(container.querySelector('.price__save')).toBeNull();
  });

  it('shows the total of a commitment beside the monthly price', () => {
    const { container } = render(<Price amount={52.5} period={{ kind: 'month' }} total={{ amount: 630, months: 12 }} />);
    expect(container.querySelector('.price__total')).toHaveTextContent('Total AED 630.00 for 12 months');
  });

  it('shows the monthly share of a price for a whole term', () => {
    const { container } = render(<Price amount={1888.95} period={{ kind: 'term', months: 12 }} monthly={157.41} />);
    expect(container).toHaveTextContent('AED 1,888.95 for 12 months incl. VAT');
    expect(container.querySelector('.price__total')).toHaveTextContent('AED 157.41 a month on average');
  });

  it('keeps amounts left to right inside Arabic', () => {
    act(() => i18n.setLanguage('ar'));
    const { container } = render(<Price amount={101.59} original={135.45} />);
    const amount = container.querySelector('.price__amount');
    expect(amount).toHaveAttribute('dir', 'ltr');
    expect(amount?.textContent).toContain('101.59');
    expect(container.querySelector('.price__save [dir="ltr"]')?.textContent).toContain('33.86');
  });
});
