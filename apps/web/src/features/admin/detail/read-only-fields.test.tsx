import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadOnlyFields } from './read-only-fields';

afterEach(cleanup);

const order = {
  ID: 'ORD-1',
  FromUser: {
    ID: 'ann',
    FirstName: 'Ann',
    LastName: 'Lee',
    Email: 'ann@x.example',
    DateCreated: '2024-03-05T23:30:00Z',
    xp: { favouriteColor: 'teal' },
  },
  BillingAddress: {},
  AvailableRoles: ['Shopper', 'OrderAdmin'],
  Comments: null,
};

function show(item: Record<string, unknown>) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <ReadOnlyFields item={item} schema={null} heading="All fields" />
    </ChakraProvider>,
  );
}

describe('ReadOnlyFields', () => {
  it('shows a nested object closed, as its name and size, never as JSON', () => {
    show(order);
    const section = screen.getByRole('region', { name: 'All fields' });
    expect(section.textContent).not.toMatch(/[{}"]/);
    const toggle = within(section).getByRole('button', { name: /^Ann Lee · 6 fields/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(section).queryByText('ann@x.example')).toBeNull();
    // Empty values read as a dash, a list of values on one line.
    expect(within(section).getByText('Shopper, OrderAdmin')).toBeTruthy();
  });

  it('opens into labelled rows, dates in the portal format and xp keys as typed', async () => {
    show(order);
    const toggle = screen.getByRole('button', { name: /^Ann Lee · 6 fields/ });
    fireEvent.click(toggle);
    // The collapsible's state machine opens on the next tick.
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText('First Name')).toBeTruthy();
    expect(screen.getByText('ann@x.example')).toBeTruthy();
    expect(screen.getByText('5 Mar 2024, 23:30 UTC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^1 field \(xp\)/ }));
    expect(await screen.findByText('favouriteColor')).toBeTruthy();
    expect(screen.getByText('teal')).toBeTruthy();
  });
});
