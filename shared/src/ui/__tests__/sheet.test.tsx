import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Sheet } from '../sheet';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open summary
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Your selection" labelId="sheet-title">
        <button type="button">Edit: Plan</button>
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </Sheet>
    </>
  );
}

function openSheet() {
  const opener = screen.getByRole('button', { name: 'Open summary' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Sheet', () => {
  it('opens as a named modal dialog with its title focused', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    openSheet();
    const dialog = screen.getByRole('dialog', { name: 'Your selection' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveClass('sheet');
    expect(screen.getByRole('heading', { name: 'Your selection' })).toHaveFocus();
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab back round', () => {
    render(<Harness />);
    openSheet();
    const dialog = screen.getByRole('dialog');
    const first = screen.getByRole('button', { name: 'Edit: Plan' });
    const last = screen.getByRole('button', { name: 'Close' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', () => {
    render(<Harness />);
    const opener = openSheet();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on a tap on the backdrop, not on a tap inside', () => {
    render(<Harness />);
    openSheet();
    fireEvent.click(screen.getByRole('heading', { name: 'Your selection' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
