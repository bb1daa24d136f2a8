import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from '../select';
import { expectAnnouncedError } from './announced-error';

function Operator({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <Select label="Current operator" hint="The one your number is with" error={error} value={value} onChange={(e) => setValue(e.target.value)}>
        <option value="">Choose</option>
        <option value="du">du</option>
        <option value="etisalat">e&amp;</option>
      </Select>
      <output>{value}</output>
    </>
  );
}

describe('Select', () => {
  it('is a labelled native select with a hint, chosen by keyboard', async () => {
    const { container } = render(<Operator />);
    const select = screen.getByRole('combobox', { name: 'Current operator' });
    expect(select).toHaveAccessibleDescription('The one your number is with');
    expect(container.querySelector('.select__chevron')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.selectOptions(select, 'du');
    expect(select).toHaveValue('du');
    expect(screen.getByRole('status')).toHaveTextContent('du');
  });

  it('announces its error and marks the control invalid', () => {
    render(<Operator error="Choose your operator" />);
    const select = screen.getByRole('combobox', { name: 'Current operator' });
    expectAnnouncedError(select, { hint: 'The one your number is with', error: 'Choose your operator' });
  });
});
