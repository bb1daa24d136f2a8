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

  it('scrolls a step heading into view, but not the server’s first screen’s: the visitor may have scrolled down to a plan', () => {
    document.body.innerHTML = '<div id="join-first-screen"><h1 data-step-heading tabindex="-1">Choose your plan</h1></div>';
    const focus = jest.spyOn(HTMLElement.prototype, 'focus');
    focusStepHeading()();
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
    expect(document.activeElement?.textContent).toBe('Choose your plan');
    document.body.innerHTML = '<main><h1 data-step-heading tabindex="-1">Choose your number</h1></main>';
    focusStepHeading()();
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: false });
    focus.mockRestore();
  });

  it('a busy button is disabled and says so', () => {
    render(<Button busy>Save</Button>);
    const b = screen.getByRole('button', { name: 'Save' });
    expect(b).toBeDisabled();
    expect(b).toHaveAttribute('aria-busy', 'true');
  });
});
