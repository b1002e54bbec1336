import { createRegistry } from '../../resources/registry.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  id,
  int,
  readOnly,
  text,
  writeOnly,
  xp,
  model,
} from '../../resources/fields.ts';
import type { ResourceDefinition } from '../../resources/types.ts';
import { ENUMS } from '../../resources/enums.ts';

/**
 * A small registry used to test the engine on its own: top-level teams and widgets, parts nested
 * under widgets, an assignment of widgets to teams, and an incrementor resource for id tokens.
 */
const dimensions = defineModel('Dimensions', { Width: decimal(), Height: decimal() });
const team = defineModel('Team', { ID: id(), Name: text(50), Active: bool(), xp: xp() });
const widget = defineModel('Widget', {
  ID: id(),
  Name: text(20),
  Description: text(200),
  Price: decimal(),
  Stock: int({ minimum: 0 }),
  Active: bool(),
  Size: model('Dimensions'),
  DateCreated: readOnly(date()),
  Secret: writeOnly(text(100)),
  Password: writeOnly(text(100)),
  xp: xp(),
});
const part = defineModel('Part', { ID: id(), Name: text(50), TeamID: text(100), xp: xp() });
const widgetAssignment = defineModel('WidgetAssignment', {
  WidgetID: id(),
  TeamID: id(),
  UserID: id(),
  UserGroupID: id(),
});
const incrementor = defineModel('Incrementor', {
  ID: id(),
  Name: text(100),
  LastNumber: int(),
  LeftPaddingCount: int(),
});

const roles = (read: string, write: string) => ({ read: [read, write], write: [write] }) as ResourceDefinition['roles'];

export const widgetResources: ResourceDefinition[] = [
  {
    name: 'Teams',
    section: 'BuyersAndSuppliers',
    description: 'Teams for tests.',
    noun: { singular: 'team', plural: 'teams' },
    path: '/teams',
    idParam: 'teamID',
    model: team,
    requiredOnCreate: ['Name'],
    roles: roles('BuyerReader', 'BuyerAdmin'),
  },
  {
    name: 'Widgets',
    section: 'ProductsAndCatalogs',
    description: 'Widgets for tests.',
    noun: { singular: 'widget', plural: 'widgets' },
    path: '/widgets',
    idParam: 'widgetID',
    model: widget,
    requiredOnCreate: ['Name'],
    roles: roles('ProductReader', 'ProductAdmin'),
    searchable: ['ID', 'Name', 'Description'],
    sortable: ['ID', 'Name', 'Price', 'Stock', 'Active', 'DateCreated'],
    assignments: [
      {
        model: widgetAssignment,
        requiredOnCreate: ['WidgetID', 'TeamID'],
        path: '/widgets/assignments',
        deletePath: '/widgets/{widgetID}/assignments/{teamID}',
        deleteParams: { widgetID: 'WidgetID', teamID: 'TeamID' },
        deleteQuery: { userID: 'UserID', userGroupID: 'UserGroupID' },
        listFilters: { widgetID: 'WidgetID', teamID: 'TeamID' },
        key: ['WidgetID', 'TeamID', 'UserID', 'UserGroupID'],
        roles: {
          read: ['ProductReader', 'ProductAdmin', 'ProductAssignmentAdmin'],
          write: ['ProductAdmin', 'ProductAssignmentAdmin'],
        },
        references: { WidgetID: { resource: 'Widgets' }, TeamID: { resource: 'Teams' } },
        parties: { user: true, group: true },
        noun: 'widget assignment',
      },
    ],
  },
  {
    name: 'Parts',
    section: 'ProductsAndCatalogs',
    description: 'Parts of a widget, for tests.',
    noun: { singular: 'part', plural: 'parts' },
    path: '/widgets/{widgetID}/parts',
    idParam: 'partID',
    model: part,
    requiredOnCreate: ['Name'],
    roles: roles('ProductReader', 'ProductAdmin'),
    references: { TeamID: { resource: 'Teams' } },
  },
  {
    name: 'Incrementors',
    section: 'Configurations',
    description: 'Incrementors for tests.',
    noun: { singular: 'incrementor', plural: 'incrementors' },
    path: '/incrementors',
    idParam: 'incrementorID',
    model: incrementor,
    requiredOnCreate: ['LastNumber', 'LeftPaddingCount'],
    roles: roles('IncrementorReader', 'IncrementorAdmin'),
  },
];

export const widgetRegistry = createRegistry(widgetResources, [dimensions], ENUMS);
