import { describe, expect, it } from 'vitest';
import { isRecordedWrite, requestHistoryHref } from './history-link';
import { sendConsoleRequest } from './send-request';
import type { ApiOperation } from '@/description/api-model';

describe('the console history link', () => {
  it('shows for writes answered 2xx with a request id only', () => {
    expect(isRecordedWrite({ method: 'patch', status: 200, requestId: 'r1' })).toBe(true);
    expect(isRecordedWrite({ method: 'delete', status: 204, requestId: 'r1' })).toBe(true);
    expect(isRecordedWrite({ method: 'get', status: 200, requestId: 'r1' })).toBe(false);
    expect(isRecordedWrite({ method: 'post', status: 400, requestId: 'r1' })).toBe(false);
    expect(isRecordedWrite({ method: 'post', status: 201 })).toBe(false);
  });

  it('opens the Activity page filtered to the request', () => {
    expect(requestHistoryHref('a b/1')).toBe('/admin/activity?RequestID=a+b%2F1');
  });

  it("keeps the response's request id in the log entry", async () => {
    const operation = {
      id: 'Products.Patch',
      method: 'patch',
      path: '/products/{productID}',
    } as unknown as ApiOperation;
    const fetchStub: typeof fetch = () =>
      Promise.resolve(new Response('{"ID":"p1"}', { status: 200, headers: { 'x-request-id': 'req-42' } }));
    const entry = await sendConsoleRequest(
      { operation, input: { pathParams: { productID: 'p1' } }, body: { Name: 'x' } },
      { baseUrl: 'http://platform.test', token: 't', fetch: fetchStub },
    );
    expect(entry.requestId).toBe('req-42');
  });
});
