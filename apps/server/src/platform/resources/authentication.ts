import { validation } from '../engine/errors.ts';
import { apiClients } from './api-clients.ts';
import type { ModelDefinition } from './fields.ts';
import { bool, defineModel, enumOf, id, int, list, model, readOnly, text } from './fields.ts';
import { assertNoImpersonationConfig, impersonationConfigs } from './impersonation-configs.ts';
import type { ResourceDefinition } from './types.ts';
import { requireParty } from './user-rules.ts';

/** PasswordConfig: the password rules a security profile imposes on its users. */
export const passwordConfigModel = defineModel('PasswordConfig', {
  LimitPasswordReuse: int(),
  MaxConsecutiveDupeChars: int(),
  MaximumPasswordAge: int(),
  MinimumPasswordAge: int(),
  AllowedFailedAttempts: int(),
  LockoutDuration: int(),
  UpperCaseRequired: bool(),
  LowerCaseRequired: bool(),
  SpecialCharacterRequired: bool(),
  NumericRequired: bool(),
  MinimumCharacterCount: int(),
});

export const securityProfileModel = defineModel('SecurityProfile', {
  ID: id(),
  Name: text(100),
  Roles: list(enumOf('ApiRole'), { default: [] }),
  CustomRoles: list(text(), { default: [] }),
  PasswordConfig: model('PasswordConfig'),
  IsExternalRoleGroup: readOnly(bool()),
});

/** SecurityProfileAssignment: grants a profile's roles to the marketplace, a company, a group or a user. */
export const securityProfileAssignmentModel = defineModel('SecurityProfileAssignment', {
  SecurityProfileID: text(),
  BuyerID: text(),
  SupplierID: text(),
  UserID: text(),
  UserGroupID: text(),
});

/** Models used only nested inside the models above; the registry index passes them as shared models. */
export const authenticationModels: readonly ModelDefinition[] = [passwordConfigModel];

const securityProfiles: ResourceDefinition = {
  name: 'SecurityProfiles',
  section: 'AuthenticationAndAuthorization',
  description:
    'Named sets of roles. Assigned to the marketplace, a company, a group or a user, they decide what tokens may do.',
  noun: { singular: 'security profile', plural: 'security profiles' },
  path: '/securityprofiles',
  idParam: 'securityProfileID',
  model: securityProfileModel,
  requiredOnCreate: ['Name'],
  roles: {
    read: ['SecurityProfileAdmin', 'SetSecurityProfile', 'SecurityProfileReader'],
    write: ['SecurityProfileAdmin', 'SetSecurityProfile'],
  },
  searchable: ['ID', 'Name'],
  sortable: ['ID', 'Name'],
  assignments: [
    {
      model: securityProfileAssignmentModel,
      requiredOnCreate: ['SecurityProfileID'],
      path: '/securityprofiles/assignments',
      deletePath: '/securityprofiles/{securityProfileID}/assignments',
      deleteParams: { securityProfileID: 'SecurityProfileID' },
      deleteQuery: { buyerID: 'BuyerID', userID: 'UserID', userGroupID: 'UserGroupID', supplierID: 'SupplierID' },
      listFilters: {
        buyerID: 'BuyerID',
        supplierID: 'SupplierID',
        securityProfileID: 'SecurityProfileID',
        userID: 'UserID',
        userGroupID: 'UserGroupID',
      },
      key: ['SecurityProfileID', 'BuyerID', 'SupplierID', 'UserID', 'UserGroupID'],
      roles: {
        read: ['SecurityProfileAdmin', 'SetSecurityProfile'],
        write: ['SecurityProfileAdmin', 'SetSecurityProfile'],
      },
      // UserID and UserGroupID name admin, buyer or supplier parties depending on BuyerID/SupplierID,
      // which a single reference cannot express; `beforeSave` checks them instead.
      references: {
        SecurityProfileID: { resource: 'SecurityProfiles' },
        BuyerID: { resource: 'Buyers' },
        SupplierID: { resource: 'Suppliers' },
      },
      parties: { user: true, group: true },
      commerceRole: true,
      noun: 'security profile assignment',
      hooks: {
        async beforeSave(item, { store }) {
          await requireParty(store, item, {
            buyer: 'BuyerID',
            supplier: 'SupplierID',
            user: 'UserID',
            group: 'UserGroupID',
          });
        },
      },
    },
  ],
  hooks: {
    async beforeWrite({ next }) {
      const config = next.PasswordConfig;
      const minimum =
        config && typeof config === 'object' ? (config as Record<string, unknown>).MinimumCharacterCount : null;
      if (typeof minimum === 'number' && minimum < 10) {
        throw validation(
          'PasswordConfig.MinimumCharacterCount must be at least 10.',
          { Property: 'PasswordConfig.MinimumCharacterCount', Value: minimum },
          'SecurityProfile.InvalidPasswordConfiguration',
        );
      }
    },
    async beforeDelete(context) {
      await assertNoImpersonationConfig(
        context.store,
        { SecurityProfileID: context.id },
        'Impersonation.CannotDeleteSecurityProfile',
        'The security profile is used by an impersonation config; delete the config first.',
      );
    },
  },
};

/** Authentication and authorization: API clients, security profiles and impersonation configs. */
export const authenticationResources: readonly ResourceDefinition[] = [
  apiClients,
  securityProfiles,
  impersonationConfigs,
];
