import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiDescriptionProvider, useApiDescription } from './api-description-context';
import { buildApiDescription } from './index-description';
import { fixtureDocument } from './test-fixtures';

function Version() {
  return <p>{useApiDescription().version}</p>;
}

describe('ApiDescriptionProvider', () => {
  it('hands the one model to every reader', () => {
    render(
      <ApiDescriptionProvider value={buildApiDescription(fixtureDocument('2.0.0.1'))}>
        <Version />
      </ApiDescriptionProvider>,
    );
    expect(screen.getByText('2.0.0.1')).toBeTruthy();
  });

  it('throws a wiring error outside the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Version />)).toThrow('useApiDescription needs an ApiDescriptionProvider');
    quiet.mockRestore();
  });
});
