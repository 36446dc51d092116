import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function Harness({
  isMaskClosable,
  onClose = () => undefined,
}: {
  isMaskClosable?: boolean;
  onClose?: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={isOpen}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Settings"
        width={480}
        isMaskClosable={isMaskClosable}
      >
        <input aria-label="Name" />
        <button type="button">Save</button>
      </Dialog>
    </>
  );
}

async function openDialog(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

describe('Dialog (components/ui)', () => {
  it('is a named modal dialog of the given width that takes the focus and locks the page', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ width: '480px' });
    expect(dialog).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes with its close button, gives the focus back and unlocks the page', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    const { user } = await openDialog({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog, both ways', async () => {
    const { user, dialog } = await openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on a press on the mask unless told not to, never on a press inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const wrap = document.querySelector<HTMLElement>('.ll-dialog-wrap');
    await user.click(wrap as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a press on the mask when the mask may not close it (SPEC 2 login)', async () => {
    const { user } = await openDialog({ isMaskClosable: false });
    await user.click(document.querySelector<HTMLElement>('.ll-dialog-wrap') as HTMLElement);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
