import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOperation } from '@/description/api-model';
import { OperationPicker } from './operation-picker';

afterEach(cleanup);

function operation(id: string, method: ApiOperation['method'], roles: string[]): ApiOperation {
  return {
    id,
    resourceId: 'Buyers',
    tag: 'Buyers',
    method,
    path: '/buyers',
    summary: `${id} summary`,
    description: '',
    pathParams: [],
    queryParams: [],
    requestBody: null,
    successStatus: '200',
    responseSchema: null,
    listItemSchema: null,
    roles,
  };
}

describe('OperationPicker', () => {
  it('disables the operations the token roles do not permit', () => {
    const operations = [
      operation('Buyers.List', 'get', ['BuyerReader', 'BuyerAdmin']),
      operation('Buyers.Create', 'post', ['BuyerAdmin']),
    ];
    render(
      <ChakraProvider value={defaultSystem}>
        <OperationPicker operations={operations} roles={['BuyerReader']} value="Buyers.List" onChange={vi.fn()} />
      </ChakraProvider>,
    );
    const list = screen.getByRole('option', { name: 'GET Buyers.List summary' });
    const create = screen.getByRole('option', { name: 'POST Buyers.Create summary' });
    expect((list as HTMLOptionElement).disabled).toBe(false);
    expect((create as HTMLOptionElement).disabled).toBe(true);
    expect(screen.getByText('GET')).toBeTruthy();
  });
});
