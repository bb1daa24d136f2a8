import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Smartphone, Truck } from 'lucide';
import { RadioCards } from '../radio-cards';
import { expectAnnouncedError } from './announced-error';

function Delivery({ error }: { error?: string }) {
  const [value, setValue] = useState<'sim' | 'esim' | 'pickup' | null>('sim');
  return (
    <RadioCards
      name="delivery"
      legend="How do you want your SIM?"
      hint="You can change this later"
      error={error}
      value={value}
      onChange={setValue}
      options={[
        { value: 'sim', label: 'Delivered', description: 'Within 60 minutes', icon: Truck },
        { value: 'esim', label: 'eSIM', icon: Smartphone },
        { value: 'pickup', label: 'Pick up', disabled: true },
      ]}
    />
  );
}

describe('RadioCards', () => {
  it('is a named radiogroup of native radios, one checked, the checked card marked without colour alone', () => {
    const { container } = render(<Delivery />);
    const group = screen.getByRole('radiogroup', { name: 'How do you want your SIM?' });
    expect(group).toHaveAccessibleDescription('You can change this later');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(screen.getByRole('radio', { name: /Delivered/ })).toBeChecked();
    const cards = container.querySelectorAll('.radio-card');
    // The checked card is marked (a thicker border in ui.css) and holds the checked native radio.
    expect(cards[0]).toHaveClass('radio-card--checked');
    expect(cards[0]!.querySelector('input')).toBeChecked();
    expect(cards[1]).not.toHaveClass('radio-card--checked');
    expect(Array.from(cards).map((c) => c.querySelector('input')!.getAttribute('name'))).toEqual(['delivery', 'delivery', 'delivery']);
  });

  it('moves the choice with the arrow keys and skips a disabled card', async () => {
    const { container } = render(<Delivery />);
    const first = screen.getByRole('radio', { name: /Delivered/ });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    const esim = screen.getByRole('radio', { name: 'eSIM' });
    expect(esim).toBeChecked();
    expect(esim).toHaveFocus();
    expect(container.querySelectorAll('.radio-card')[1]).toHaveClass('radio-card--checked');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Delivered/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pick up' })).toBeDisabled();
  });

  it('is chosen by a click anywhere on the card', async () => {
    render(<Delivery />);
    await userEvent.click(screen.getByText('eSIM'));
    expect(screen.getByRole('radio', { name: 'eSIM' })).toBeChecked();
  });

  it('announces its error and marks the group invalid', () => {
    render(<Delivery error="Choose how to get your SIM" />);
    expectAnnouncedError(screen.getByRole('radiogroup'), { hint: 'You can change this later', error: 'Choose how to get your SIM' });
  });
});
