import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { focusStepHeading } from '../use-focus-heading';
import { StepHeading } from '../../ui/step-heading';
import { Button } from '../../ui/button';

function Later() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button onClick={() => setShown(true)}>show</Button>
      {shown ? <StepHeading>Choose your number</StepHeading> : null}
    </>
  );
}

describe('focus on step change', () => {
  it('focuses the step heading once a lazily loaded step renders it', async () => {
    render(<Later />);
    const stop = focusStepHeading();
    expect(document.activeElement).toBe(document.body);
    await act(async () => screen.getByRole('button', { name: 'show' }).click());
    // the observer runs as a microtask after the mutation
    await act(async () => Promise.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your number' })).toHaveFocus();
    stop();
  });

  it('a busy button is disabled and says so', () => {
    render(<Button busy>Save</Button>);
    const b = screen.getByRole('button', { name: 'Save' });
    expect(b).toBeDisabled();
    expect(b).toHaveAttribute('aria-busy', 'true');
  });
});
