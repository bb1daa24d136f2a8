import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '../checkbox';
import { ConsentCheckbox } from '../consent-checkbox';
import { expectAnnouncedError } from './announced-error';

function Terms({ error = null }: { error?: string | null }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox checked={checked} onChange={setChecked} hint="You can read them first" error={error}>
      I accept the terms
    </Checkbox>
  );
}

describe('Checkbox', () => {
  it('is toggled by its whole label and by the space key', async () => {
    const { container } = render(<Terms />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('You can read them first');
    // The label (the 44 px target) toggles it, not only the box.
    await userEvent.click(container.querySelector('.checkbox__text')!);
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('announces its error and ties it to the box', () => {
    render(<Terms error="Accept the terms to continue" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expectAnnouncedError(box, { hint: 'You can read them first', error: 'Accept the terms to continue' });
  });

  it('keeps ConsentCheckbox working on top of it', async () => {
    const onChange = jest.fn();
    render(
      <ConsentCheckbox checked={false} onChange={onChange} error="Required" className="consent">
        Share my details
      </ConsentCheckbox>,
    );
    const box = screen.getByRole('checkbox', { name: 'Share my details' });
    expect(box.closest('label')).toHaveClass('consent');
    expect(box).toHaveAccessibleDescription('Required');
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
