import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button';
import { Modal } from '../modal';

function Help({ closeButton }: { closeButton?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Help</Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Need help?" labelId="help-title" describedBy="help-text" closeButton={closeButton}>
        <p id="help-text">Our team answers around the clock.</p>
        <div className="modal__actions">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
      </Modal>
    </>
  );
}

describe('Modal (the dialog primitive)', () => {
  it('opens as a modal <dialog> named by its title and described by its text', async () => {
    const showModal = jest.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.showModal = showModal;
    render(<Help />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = screen.getByRole('dialog', { name: 'Need help?' });
    expect(dialog.tagName).toBe('DIALOG');
    // showModal: the browser's focus trap, inert page and Escape.
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Our team answers around the clock.');
    expect(screen.getByRole('heading', { level: 2, name: 'Need help?' })).toBeInTheDocument();
    // @ts-expect-error: restore jsdom's (missing) method
    delete HTMLDialogElement.prototype.showModal;
  });

  it('closes with its X button (named Close) and with Escape', async () => {
    render(<Help />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    // Escape on a modal <dialog> fires "cancel": the Modal closes through onClose.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no X in an alertdialog, which its own buttons answer', () => {
    render(
      <Modal open onClose={() => {}} title="Something went wrong" labelId="e" role="alertdialog">
        <Button>Try again</Button>
      </Modal>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again']);
  });

  it('can leave the X button out, and name it in another language', async () => {
    const { unmount } = render(<Help closeButton={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    unmount();
    render(
      <Modal open onClose={() => {}} title="مساعدة" labelId="t" closeLabel="إغلاق">
        <p>نص</p>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });
});
