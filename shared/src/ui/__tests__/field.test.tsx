import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  emiratesIdField,
  emiratesIdMask,
  textField,
  toLatinDigits,
  validateRequired,
} from '../../index';
import { SelectField, TextField, useZodForm } from '../../forms';
// The form's expiry field is the payment domain's (a real masked field that completes).
import { expiryField, expiryMask } from '@join/shared/payment';

// A card-like form: expiry then Emirates ID (both opt in to "focus moves on"), then a name.
const NOW = new Date(2026, 10, 23);
const schema = z.object({ expiry: expiryField(() => NOW), eid: emiratesIdField(), name: textField(validateRequired) });

function Form({ onValid = () => {}, dir }: { onValid?: (v: z.output<typeof schema>) => void; dir?: 'rtl' }) {
  const form = useZodForm(schema, { expiry: '', eid: '', name: '' });
  return (
    <div dir={dir}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
        <TextField form={form} name="expiry" label="Expiry date" hint="MM/YY" mask={expiryMask} advanceWhenComplete />
        <TextField form={form} name="eid" label="Emirates ID" hint="784-XXXX-XXXXXXX-X" mask={emiratesIdMask} advanceWhenComplete />
        <TextField form={form} name="name" label="Name on card" />
        <button type="submit">Pay</button>
      </form>
    </div>
  );
}

/** The field with this label, clicked into: where the keyboard and a paste go next. */
async function clickInto(label: string): Promise<HTMLInputElement> {
  const input = screen.getByLabelText<HTMLInputElement>(label);
  await userEvent.click(input);
  return input;
}

describe('TextField', () => {
  it('has a label and a hint the input is described by', () => {
    render(<Form />);
    const expiry = screen.getByLabelText('Expiry date');
    expect(expiry).toHaveAccessibleDescription('MM/YY');
    expect(expiry).not.toHaveAttribute('aria-invalid');
  });

  it('announces an error tied to the input on submit and focuses the first field in error', async () => {
    const onValid = jest.fn();
    render(<Form onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const expiry = screen.getByLabelText('Expiry date');
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription('MM/YY Required field');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Required field', 'Required field', 'Required field']);
    expect(expiry).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('types an expiry character by character with the slash coming by itself, then moves on', async () => {
    render(<Form />);
    const expiry = await clickInto('Expiry date');
    await userEvent.keyboard('1');
    expect(expiry).toHaveValue('1');
    await userEvent.keyboard('2');
    expect(expiry).toHaveValue('12');
    await userEvent.keyboard('2');
    expect(expiry).toHaveValue('12/2');
    expect(expiry).toHaveFocus();
    await userEvent.keyboard('9');
    expect(expiry).toHaveValue('12/29');
    await waitFor(() => expect(screen.getByLabelText('Emirates ID')).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks a complete expiry at once and keeps focus on it when it is wrong', async () => {
    render(<Form />);
    const expiry = screen.getByLabelText('Expiry date');
    await userEvent.type(expiry, '1320');
    expect(expiry).toHaveValue('13/20');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid date');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry).toHaveFocus();
    // Correcting it: the error goes while typing, the fixed value passes and moves on.
    await userEvent.type(expiry, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(expiry, '0130');
    await waitFor(() => expect(screen.getByLabelText('Emirates ID')).toHaveFocus());
  });

  it('shows no error while a value is incomplete, but checks it when the field is left', async () => {
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Emirates ID'), '78419');
    expect(screen.getByLabelText('Emirates ID')).toHaveValue('784-19');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent("This Emirates ID doesn't look right - try again");
  });

  it("keeps a server's error about the value when the field is left, and drops it once the value changes", async () => {
    let answer = () => {};
    function ServerForm() {
      const form = useZodForm(z.object({ name: textField(validateRequired) }), { name: '' });
      answer = () => form.setError('name', { type: 'server', message: 'wrong email or password' });
      return (
        <form noValidate>
          <TextField form={form} name="name" label="Name on card" />
          <button type="button">Send</button>
        </form>
      );
    }
    render(<ServerForm />);
    await userEvent.type(screen.getByLabelText('Name on card'), 'Amira');
    act(() => answer());
    expect(await screen.findByRole('alert')).toHaveTextContent('wrong email or password');
    // leaving the field (a click on the submit button) keeps it: nothing moves under the pointer
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.getByRole('alert')).toHaveTextContent('wrong email or password');
    await userEvent.type(screen.getByLabelText('Name on card'), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('masks an Emirates ID typed digit by digit as 3-4-7-1 and moves on when complete', async () => {
    render(<Form />);
    const eid = await clickInto('Emirates ID');
    const typed: string[] = [];
    for (const d of '784198012345671') {
      await userEvent.keyboard(d);
      typed.push(eid.value);
    }
    expect(typed.slice(2, 5)).toEqual(['784', '784-1', '784-19']);
    expect(typed[7]).toBe('784-1980-1');
    expect(typed[14]).toBe('784-1980-1234567-1');
    await waitFor(() => expect(screen.getByLabelText('Name on card')).toHaveFocus());
  });

  it('masks pasted values, with separators or Arabic-Indic digits', async () => {
    render(<Form />);
    const eid = await clickInto('Emirates ID');
    await userEvent.paste('784 1980 1234567 1');
    expect(eid).toHaveValue('784-1980-1234567-1');
    await waitFor(() => expect(screen.getByLabelText('Name on card')).toHaveFocus());
    const expiry = await clickInto('Expiry date');
    await userEvent.paste('١٢٢٩');
    expect(expiry).toHaveValue('12/29');
  });

  it('submits the values once every field is valid', async () => {
    const onValid = jest.fn();
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Expiry date'), '1229');
    await userEvent.type(screen.getByLabelText('Emirates ID'), '784198012345671');
    await userEvent.type(screen.getByLabelText('Name on card'), 'Amal');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ expiry: '12/29', eid: '784-1980-1234567-1', name: 'Amal' });
  });

  it('keeps digits left to right in an Arabic page, and leaves text fields to the page direction', () => {
    render(<Form dir="rtl" />);
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Emirates ID')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Name on card')).not.toHaveAttribute('dir');
    expect(screen.getByText('Expiry date').closest('[dir]')).toHaveAttribute('dir', 'rtl');
  });
});

describe('masks', () => {
  it('reads Arabic-Indic and Persian digits as digits', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩ ۰۹')).toBe('0123456789 09');
  });
  it('a first month digit above 1 is a whole month', () => {
    expect(expiryMask.format('4')).toBe('04');
    expect(expiryMask.isComplete('04/2')).toBe(false);
    expect(emiratesIdMask.isComplete('784-1980-1234567-1')).toBe(true);
  });
});

describe('SelectField', () => {
  const pick = z.object({ operator: textField(validateRequired), note: z.string() });
  function Picker() {
    const form = useZodForm(pick, { operator: '', note: '' });
    return (
      <form noValidate onSubmit={(e) => void form.handleSubmit(() => undefined)(e)}>
        <SelectField form={form} name="operator" label="Operator" hint="Your current one" advanceWhenComplete>
          <option value="">Choose</option>
          <option value="du">du</option>
        </SelectField>
        <TextField form={form} name="note" label="Note" />
        <button type="submit">Go</button>
      </form>
    );
  }

  it('announces its error, and a choice is checked at once and moves on', async () => {
    render(<Picker />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    const select = screen.getByLabelText('Operator');
    expect(await screen.findByRole('alert')).toHaveTextContent('Required field');
    expect(select).toHaveAccessibleDescription('Your current one Required field');
    expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 'du');
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
