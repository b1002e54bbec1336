import { beforeAll, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.ts';
import { useEngineApp } from './testing/engine-app.ts';
import { widgetRegistry } from './testing/widget-registry.ts';

const engine = useEngineApp(widgetRegistry);
const { call } = engine;
const errorCode = (body: unknown) => (body as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode;

describe('CRUD', () => {
  it('creates with 201 and a Location, fills every field, and never returns write-only ones', async () => {
    const created = await call({
      method: 'POST',
      url: '/widgets',
      body: { ID: 'w1', Name: 'Sprocket', Price: 9.5, Password: 'hunter2', xp: { Color: 'red' } },
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/platform/v1/widgets/w1');
    expect(created.body).toMatchObject({
      ID: 'w1',
      Name: 'Sprocket',
      Price: 9.5,
      Description: null,
      xp: { Color: 'red' },
    });
    expect(created.body).not.toHaveProperty('Password');
    expect(Date.parse(created.body.DateCreated)).not.toBeNaN();
    expect((await call({ url: '/widgets/w1' })).body).toEqual(created.body);
  });

  it('generates an id when none is given', async () => {
    const created = await call({ method: 'POST', url: '/widgets', body: { Name: 'Anonymous' } });
    expect(created.body.ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('answers 409 for an existing id and 404 for a missing one', async () => {
    const again = await call({ method: 'POST', url: '/widgets', body: { ID: 'w1', Name: 'Other' } });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('IdExists');
    const missing = await call({ url: '/widgets/nope' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      Errors: [
        { ErrorCode: 'NotFound', Message: 'Widget not found: nope', Data: { ObjectType: 'Widget', ObjectID: 'nope' } },
      ],
    });
  });

  it('PUT creates or replaces, keeping read-only values', async () => {
    const created = await call({ method: 'PUT', url: '/widgets/w2', body: { Name: 'Gear', Stock: 3 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ID: 'w2', Name: 'Gear', Stock: 3 });
    const replaced = await call({ method: 'PUT', url: '/widgets/w2', body: { Name: 'Gear 2' } });
    expect(replaced.body).toMatchObject({
      ID: 'w2',
      Name: 'Gear 2',
      Stock: null,
      DateCreated: created.body.DateCreated,
    });
  });

  it('PATCH deep-merges xp and nested objects', async () => {
    await call({
      method: 'PUT',
      url: '/widgets/w3',
      body: { Name: 'Cog', Size: { Width: 1, Height: 2 }, xp: { a: 1, nested: { b: 2 } } },
    });
    const patched = await call({
      method: 'PATCH',
      url: '/widgets/w3',
      body: { Size: { Height: 5 }, xp: { nested: { c: 3 } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      Name: 'Cog',
      Size: { Width: 1, Height: 5 },
      xp: { a: 1, nested: { b: 2, c: 3 } },
    });
  });

  it('PATCH with a new ID renames the object', async () => {
    await call({ method: 'PUT', url: '/widgets/old-name', body: { Name: 'Mover' } });
    const moved = await call({ method: 'PATCH', url: '/widgets/old-name', body: { ID: 'new-name' } });
    expect(moved.body.ID).toBe('new-name');
    expect((await call({ url: '/widgets/old-name' })).status).toBe(404);
    expect((await call({ url: '/widgets/new-name' })).body.Name).toBe('Mover');
  });

  it('DELETE answers 204 and removes nested children and assignments', async () => {
    await call({ method: 'PUT', url: '/teams/t-del', body: { Name: 'Team' } });
    await call({ method: 'PUT', url: '/widgets/w-del', body: { Name: 'Doomed' } });
    await call({ method: 'PUT', url: '/widgets/w-del/parts/p1', body: { Name: 'Part' } });
    await call({ method: 'POST', url: '/widgets/assignments', body: { WidgetID: 'w-del', TeamID: 't-del' } });
    expect((await call({ method: 'DELETE', url: '/widgets/w-del' })).status).toBe(204);
    await call({ method: 'PUT', url: '/widgets/w-del', body: { Name: 'Reborn' } });
    expect((await call({ url: '/widgets/w-del/parts' })).body.Items).toEqual([]);
    expect((await call({ url: '/widgets/assignments?widgetID=w-del' })).body.Items).toEqual([]);
  });

  it('replaces {incrementor} tokens in new ids with padded numbers', async () => {
    await call({ method: 'PUT', url: '/incrementors/widgets', body: { LastNumber: 41, LeftPaddingCount: 5 } });
    const first = await call({ method: 'POST', url: '/widgets', body: { ID: 'W-{widgets}', Name: 'Numbered' } });
    const second = await call({ method: 'POST', url: '/widgets', body: { ID: 'W-{widgets}', Name: 'Numbered' } });
    expect([first.body.ID, second.body.ID]).toEqual(['W-00042', 'W-00043']);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['malformed JSON', { method: 'POST', url: '/widgets', raw: '{"Name": ' }, 'Request.InvalidRequestBody'],
    ['a wrong type', { method: 'POST', url: '/widgets', body: { Name: 5 } }, 'ValidationFailure'],
    [
      'a read-only field',
      { method: 'POST', url: '/widgets', body: { Name: 'a', DateCreated: '2020-01-01T00:00:00Z' } },
      'ValidationFailure',
    ],
    ['an over-long string', { method: 'POST', url: '/widgets', body: { Name: 'x'.repeat(21) } }, 'ValidationFailure'],
    [
      'xp over 8000 bytes',
      { method: 'POST', url: '/widgets', body: { Name: 'a', xp: { s: 'x'.repeat(8001) } } },
      'ValidationFailure',
    ],
    ['an illegal id', { method: 'POST', url: '/widgets', body: { ID: 'a/b', Name: 'a' } }, 'ValidationFailure'],
    ['an unknown property', { method: 'POST', url: '/widgets', body: { Name: 'a', Nope: 1 } }, 'ValidationFailure'],
    ['a missing required field', { method: 'POST', url: '/widgets', body: { Price: 1 } }, 'ValidationFailure'],
    ['a page size over 100', { method: 'GET', url: '/widgets?pageSize=101' }, 'List.InvalidPageSize'],
    ['an unknown filter field', { method: 'GET', url: '/widgets?Colour=red' }, 'List.InvalidProperty'],
    ['a text value for a number filter', { method: 'GET', url: '/widgets?Price=cheap' }, 'List.InvalidType'],
    ['an unsortable field', { method: 'GET', url: '/widgets?sortBy=Description' }, 'List.InvalidSortProperty'],
  ])('%s answers 400', async (_name, request, code) => {
    const before = (await call({ url: '/widgets?pageSize=100' })).body.Meta.TotalCount;
    const response = await engine.app.inject({
      method: request.method as 'GET',
      url: `/platform/v1${request.url}`,
      headers: { 'x-test-roles': 'FullAccess', 'content-type': 'application/json' },
      ...('raw' in request
        ? { payload: request.raw }
        : 'body' in request
          ? { payload: JSON.stringify(request.body) }
          : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response.json())).toBe(code);
    expect((await call({ url: '/widgets?pageSize=100' })).body.Meta.TotalCount).toBe(before);
  });

  it('answers 404 for a reference to a missing object and writes nothing', async () => {
    await call({ method: 'PUT', url: '/widgets/w-ref', body: { Name: 'Ref' } });
    const response = await call({
      method: 'POST',
      url: '/widgets/w-ref/parts',
      body: { ID: 'p-ref', Name: 'P', TeamID: 'ghost' },
    });
    expect(response.status).toBe(404);
    expect(response.body.Errors[0].Data).toEqual({ ObjectType: 'Team', ObjectID: 'ghost' });
    expect((await call({ url: '/widgets/w-ref/parts/p-ref' })).status).toBe(404);
  });

  it('answers 404 for a missing parent', async () => {
    const response = await call({ url: '/widgets/ghost/parts' });
    expect(response.status).toBe(404);
    expect(response.body.Errors[0].Data).toEqual({ ObjectType: 'Widget', ObjectID: 'ghost' });
  });
});

describe('lists', () => {
  beforeAll(async () => {
    const widgets = [
      {
        ID: 'l-alpha',
        Name: 'Alpha',
        Price: 10,
        Stock: 5,
        Active: true,
        Description: 'blue thing',
        xp: { Color: 'red', Size: 3 },
      },
      {
        ID: 'l-beta',
        Name: 'Beta',
        Price: 20,
        Stock: 0,
        Active: false,
        Description: 'green thing',
        xp: { Color: 'blue', Size: 7 },
      },
      {
        ID: 'l-gamma',
        Name: 'Gamma',
        Price: 30,
        Stock: 2,
        Active: true,
        Description: 'blue gadget',
        xp: { Color: 'Red' },
      },
      { ID: 'l-delta', Name: 'Delta', Price: 40, Stock: 9, Active: true, Description: null, xp: {} },
    ];
    for (const widget of widgets) await call({ method: 'PUT', url: `/widgets/${widget.ID}`, body: widget });
  });
  const ids = async (query: string) =>
    (await call({ url: `/widgets?ID=l-*&sortBy=ID&${query}` })).body.Items.map((w: { ID: string }) => w.ID);

  it.each([
    ['equality, case-insensitive', 'xp.Color=red', ['l-alpha', 'l-gamma']],
    ['wildcard', 'Name=*ta', ['l-beta', 'l-delta']],
    ['negation', 'xp.Color=!red', ['l-beta', 'l-delta']],
    ['or', 'Name=Alpha|Delta', ['l-alpha', 'l-delta']],
    ['has any value', 'Description=*', ['l-alpha', 'l-beta', 'l-gamma']],
    ['has no value', 'Description=!*', ['l-delta']],
    ['greater than', 'Price=>20', ['l-delta', 'l-gamma']],
    ['less than or equal', 'Price=<=20', ['l-alpha', 'l-beta']],
    ['number in xp', 'xp.Size=>4', ['l-beta']],
    ['boolean', 'Active=false', ['l-beta']],
    ['repeated key is AND', 'Price=>10&Price=<40', ['l-beta', 'l-gamma']],
    ['search', 'search=blue', ['l-alpha', 'l-gamma']],
    ['search on one field', 'search=blue&searchOn=Name', []],
  ])('filters: %s', async (_name, query, expected) => {
    expect(await ids(query)).toEqual(expected);
  });

  it('sorts by several keys, descending with !', async () => {
    const sorted = await call({ url: '/widgets?ID=l-*&sortBy=!Active,!Price' });
    expect(sorted.body.Items.map((w: { ID: string }) => w.ID)).toEqual(['l-delta', 'l-gamma', 'l-alpha', 'l-beta']);
  });

  it('pages with Meta', async () => {
    const page = await call({ url: '/widgets?ID=l-*&sortBy=Name&page=2&pageSize=3' });
    expect(page.body.Items.map((w: { ID: string }) => w.ID)).toEqual(['l-gamma']);
    expect(page.body.Meta).toEqual({ Page: 2, PageSize: 3, TotalCount: 4, TotalPages: 2, ItemRange: [4, 4] });
    const beyond = await call({ url: '/widgets?ID=l-*&page=9' });
    expect(beyond.body.Meta).toMatchObject({ TotalCount: 4, ItemRange: [0, 0] });
  });

  it('cannot filter on write-only fields', async () => {
    expect(errorCode((await call({ url: '/widgets?Password=x' })).body)).toBe('List.InvalidProperty');
  });
});

describe('assignments', () => {
  beforeAll(async () => {
    await call({ method: 'PUT', url: '/teams/t1', body: { Name: 'One' } });
    await call({ method: 'PUT', url: '/widgets/wa', body: { Name: 'Assigned' } });
  });

  it('saves idempotently, lists by level and deletes only the named party', async () => {
    expect(
      (await call({ method: 'POST', url: '/widgets/assignments', body: { WidgetID: 'wa', TeamID: 't1' } })).status,
    ).toBe(204);
    await call({ method: 'POST', url: '/widgets/assignments', body: { WidgetID: 'wa', TeamID: 't1' } });
    await call({
      method: 'POST',
      url: '/widgets/assignments',
      body: { WidgetID: 'wa', TeamID: 't1', UserGroupID: 'g1' },
    });
    const all = await call({ url: '/widgets/assignments?widgetID=wa' });
    expect(all.body.Meta.TotalCount).toBe(2);
    const groups = await call({ url: '/widgets/assignments?widgetID=wa&level=Group' });
    expect(groups.body.Items).toEqual([{ WidgetID: 'wa', TeamID: 't1', UserID: null, UserGroupID: 'g1' }]);
    expect((await call({ method: 'DELETE', url: '/widgets/wa/assignments/t1' })).status).toBe(204);
    expect((await call({ url: '/widgets/assignments?widgetID=wa' })).body.Items).toEqual([
      { WidgetID: 'wa', TeamID: 't1', UserID: null, UserGroupID: 'g1' },
    ]);
  });

  it('refuses a user and a group together, and missing parties', async () => {
    const both = await call({
      method: 'POST',
      url: '/widgets/assignments',
      body: { WidgetID: 'wa', TeamID: 't1', UserID: 'u', UserGroupID: 'g' },
    });
    expect(errorCode(both.body)).toBe('PartyAssignment.CannotSpecifyGroupAndUser');
    const ghost = await call({
      method: 'POST',
      url: '/widgets/assignments',
      body: { WidgetID: 'wa', TeamID: 'ghost' },
    });
    expect(ghost.status).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a token', async () => {
    const response = await engine.app.inject({ method: 'GET', url: '/platform/v1/widgets' });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response.json())).toBe('InvalidToken');
  });

  it('lets readers read but not write, with the sufficient roles in the 403', async () => {
    expect((await call({ url: '/widgets', roles: 'ProductReader' })).status).toBe(200);
    const denied = await call({ method: 'POST', url: '/widgets', body: { Name: 'x' }, roles: 'ProductReader' });
    expect(denied.status).toBe(403);
    expect(denied.body.Errors[0]).toEqual({
      ErrorCode: 'InsufficientRoles',
      Message: 'User does not have role(s) required to perform this action.',
      Data: { SufficientRoles: ['FullAccess', 'ProductAdmin'], AssignedRoles: ['ProductReader'] },
    });
  });

  it('matches paths without regard to case', async () => {
    expect((await call({ url: '/WIDGETS/w1' })).status).toBe(200);
  });

  it('answers unknown routes with the error envelope', async () => {
    const response = await call({ url: '/nothing' });
    expect(response.status).toBe(404);
    expect(errorCode(response.body)).toBe('NotFound');
  });
});

describe('Store.findUnder', () => {
  it('reads the children of many parents in one call, and nothing for none', async () => {
    for (const widget of ['fu-a', 'fu-b', 'fu-c']) {
      await call({ method: 'PUT', url: `/widgets/${widget}`, body: { Name: widget } });
      await call({ method: 'PUT', url: `/widgets/${widget}/parts/p1`, body: { Name: `${widget} part` } });
    }
    const store = new PgStore(engine.db, widgetRegistry, 'mkt-test');
    const found = await store.findUnder('Parts', ['fu-a', 'fu-c', 'missing']);
    expect(found.map(({ parents, id }) => `${parents.join('/')}:${id}`)).toEqual(['fu-a:p1', 'fu-c:p1']);
    expect(await store.findUnder('Parts', [])).toEqual([]);
  });
});
