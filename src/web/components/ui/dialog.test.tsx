// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogClose } from './dialog.tsx';
import { IconButton } from './icon-button.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Example({ description, closeButton }: { description?: string; closeButton?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<button type="button">Open it</button>}
      title="A title"
      description={description}
      closeButton={closeButton}
    >
      <DialogClose asChild>
        <button type="button">Done</button>
      </DialogClose>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger, is named by its title and described by its description', () => {
    render(<Example description="Some words." />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'A title' });
    expect(screen.getByRole('heading', { name: 'A title' })).toBeTruthy();
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Some words.');
  });

  it('closes with its Close button and with a DialogClose of its body', () => {
    render(<Example />);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without a description has no aria-describedby, and nothing warns', () => {
    const warn = vi.spyOn(console, 'warn');
    render(<Example />);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(screen.getByRole('dialog').hasAttribute('aria-describedby')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('can leave out the Close button', () => {
    render(<Example closeButton={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('IconButton', () => {
  it('is a type="button" named by its aria-label, passing other props through', () => {
    const onClick = vi.fn();
    render(
      <IconButton aria-label="Delete alert" variant="danger" onClick={onClick} disabled={false}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete alert' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
