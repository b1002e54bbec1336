import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient, type RoleGroupId, type RoleGroupInput } from '@/services/portal';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const portal = createPortalClient({ getToken: getIdentityToken });

export const roleGroupsQueryKey = ['portal', 'role-groups'] as const;

/** `GET /marketplace/roles`: the six role groups with their members. */
export function useRoleGroups() {
  return useQuery({ queryKey: roleGroupsQueryKey, queryFn: () => portal.listRoleGroups() });
}

/** Saves a group and refreshes the list (spec 1 §7: the list refreshes afterwards). */
export function useSaveRoleGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: RoleGroupInput) => portal.saveRoleGroup(group.Id, group),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleGroupsQueryKey }),
  });
}

/** Adds or removes a member (organization admins only) and refreshes the list. */
export function useMembership(id: RoleGroupId) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleGroupsQueryKey });
  const add = useMutation({ mutationFn: (email: string) => portal.addRoleGroupMember(id, email), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (email: string) => portal.removeRoleGroupMember(id, email),
    onSuccess: refresh,
  });
  return { add, remove };
}
