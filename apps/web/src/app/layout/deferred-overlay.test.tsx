import { Button, type ButtonProps, Menu, Portal } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { DeferredOverlay, type OverlayProps } from './deferred-overlay';

function Trigger(props: ButtonProps) {
  return <Button {...props}>Account</Button>;
}

function RealMenu({ defaultOpen }: OverlayProps) {
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <Trigger data-real="yes" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A module load the test resolves when it wants. */
function deferredLoad() {
  let resolve: () => void = () => undefined;
  const load = vi.fn(
    () => new Promise<{ default: typeof RealMenu }>((done) => (resolve = () => done({ default: RealMenu }))),
  );
  return { load, resolve: () => act(async () => resolve()) };
}

function renderOverlay(load: () => Promise<{ default: typeof RealMenu }>) {
  render(
    <AppProvider queryClient={createQueryClient()}>
      <DeferredOverlay trigger={<Trigger />} load={load} />
    </AppProvider>,
  );
}

afterEach(cleanup);

describe('DeferredOverlay', () => {
  it('shows the stand-in button and loads nothing until the user comes near it', () => {
    const { load } = deferredLoad();
    renderOverlay(load);
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('data-real')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Account' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens the real menu once loaded when the stand-in was clicked, and keeps the focus on the trigger', async () => {
    const { load, resolve } = deferredLoad();
    renderOverlay(load);
    const standIn = screen.getByRole('button', { name: 'Account' });
    act(() => standIn.focus());
    fireEvent.click(standIn);
    expect(load).toHaveBeenCalledTimes(1);
    await resolve();
    const real = screen.getByRole('button', { name: 'Account' });
    expect(real.getAttribute('data-real')).toBe('yes');
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('swaps in the real trigger closed after a focus, with the focus moved to it', async () => {
    const { load, resolve } = deferredLoad();
    renderOverlay(load);
    act(() => screen.getByRole('button', { name: 'Account' }).focus());
    await resolve();
    const real = screen.getByRole('button', { name: 'Account' });
    expect(real.getAttribute('data-real')).toBe('yes');
    expect(document.activeElement).toBe(real);
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).toBeNull();
  });

  it('tries again on the next approach when loading failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: RealMenu });
    renderOverlay(load);
    await act(async () => fireEvent.pointerEnter(screen.getByRole('button', { name: 'Account' })));
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('data-real')).toBeNull();
    await act(async () => fireEvent.pointerEnter(screen.getByRole('button', { name: 'Account' })));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('data-real')).toBe('yes');
  });
});
