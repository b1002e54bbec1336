import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonTokens } from './json-tokens';
import { jsonText, JsonView, MAX_COLOURED_TOKENS } from './json-view';

afterEach(cleanup);

function show(value: unknown) {
  render(
    <ChakraProvider value={defaultSystem}>
      <JsonView value={value} label="Body" />
    </ChakraProvider>,
  );
  return screen.getByLabelText('Body');
}

describe('JsonView', () => {
  it('colours keys and values by kind and shows the indented JSON as it is', () => {
    const value = { Name: 'Tent', Price: 12.5, Active: true };
    const block = show(value);
    expect(block.textContent).toBe(jsonText(value));
    expect([...block.querySelectorAll('.json-key')].map((span) => span.textContent)).toEqual([
      '"Name"',
      '"Price"',
      '"Active"',
    ]);
    expect(block.querySelector('.json-string')?.textContent).toBe('"Tent"');
    expect(block.querySelector('.json-number')?.textContent).toBe('12.5');
    expect(block.querySelector('.json-literal')?.textContent).toBe('true');
  });

  it('colours the start of a long value and shows the rest, all of it, as plain text', () => {
    const value = Array.from({ length: 2000 }, (_, index) => ({ ID: `product-${index}` }));
    const block = show(value);
    expect(block.textContent).toBe(jsonText(value));
    const colouredKinds = jsonTokens(jsonText(value))
      .slice(0, MAX_COLOURED_TOKENS)
      .filter((token) => token.kind !== 'plain');
    expect(block.querySelectorAll('span')).toHaveLength(colouredKinds.length);
    expect(block.lastChild?.textContent).toContain('"product-1999"');
  });
});
