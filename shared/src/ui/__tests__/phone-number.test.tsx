import { render } from '@testing-library/react';
import { msisdnGroups } from '../../format/format';
import { PhoneNumberText } from '../phone-number';

describe('PhoneNumberText', () => {
  it('draws the number in its reading groups 058 582 4920', () => {
    const { container } = render(<PhoneNumberText msisdn="971585824920" />);
    const groups = Array.from(container.querySelectorAll('.phone-number__group')).map((g) => g.textContent);
    expect(groups).toEqual(['058', '582', '4920']);
  });

  it('has no space in its text, so a copy pastes the ten digits', () => {
    const { container } = render(<PhoneNumberText msisdn="971585824920" />);
    expect(container.textContent).toBe('0585824920');
    expect(container.textContent).not.toMatch(/\s/);
  });

  it('is an isolated left-to-right run (in order inside Arabic)', () => {
    const { container } = render(<PhoneNumberText msisdn="+971585824920" />);
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('BDI');
    expect(root).toHaveAttribute('dir', 'ltr');
  });

  it('shows anything that is not a UAE mobile number as given, in one group', () => {
    const { container } = render(<PhoneNumberText msisdn="12345" />);
    expect(container.querySelectorAll('.phone-number__group')).toHaveLength(1);
    expect(container.textContent).toBe('12345');
  });
});

describe('msisdnGroups', () => {
  it('groups 3-3-4 without the country code', () => {
    expect(msisdnGroups('971501234567')).toEqual(['050', '123', '4567']);
    expect(msisdnGroups('00971501234567')).toEqual(['050', '123', '4567']);
  });
});
