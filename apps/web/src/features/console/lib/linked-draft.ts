import type { ApiOperation } from '@/description/api-model';
import { EMPTY_QUERY_DRAFT, type RequestDraft } from '../query-draft';

/**
 * The path parameters a link into the console carries next to its operationId (the explorer's 'Open in API
 * console' sends `?operationId=Users.Get&buyerID=b1&userID=u1`), as a draft for that operation's form; undefined
 * when the link names another operation or none of its parameters.
 *
 * @example
 * linkedDraft(usersGet, '?operationId=Users.Get&buyerID=b1')?.pathParams; // { buyerID: 'b1' }
 */
export function linkedDraft(
  operation: Pick<ApiOperation, 'id' | 'pathParams'>,
  search: string,
): RequestDraft | undefined {
  const params = new URLSearchParams(search);
  if (params.get('operationId') !== operation.id) return undefined;
  const pathParams: Record<string, string> = {};
  for (const { name } of operation.pathParams) {
    const value = params.get(name)?.trim();
    if (value) pathParams[name] = value;
  }
  return Object.keys(pathParams).length > 0 ? { pathParams, query: EMPTY_QUERY_DRAFT, body: undefined } : undefined;
}
