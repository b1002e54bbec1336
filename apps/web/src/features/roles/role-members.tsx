import { Button, Field, Heading, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { RoleGroupId } from '@/services/portal';
import { isPortalError } from '@/services/portal-error';
import { notifyError } from '@/ui/notify-error';
import { toaster } from '@/ui/toaster';
import { isEmail } from './role-rules';
import { useMembership } from './roles-api';

export interface RoleMembersProps {
  id: RoleGroupId;
  members: readonly string[];
}

/** Who is in a role group: list, add by email, remove. Organization admins only (the server enforces it too). */
export function RoleMembers({ id, members }: RoleMembersProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const { add, remove } = useMembership(id);

  // Its own form rather than nested in the role form: HTML forbids nested forms and Enter here must not save the role.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!isEmail(value)) {
      setError(value === '' ? 'Email is required' : 'Email is invalid');
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(value);
      setEmail('');
      toaster.create({ type: 'success', title: 'Member added', description: value });
    } catch (failure) {
      const fieldError = isPortalError(failure) ? failure.fieldErrors[0]?.message : undefined;
      if (fieldError) setError(fieldError);
      else notifyError(failure);
    }
  };

  const removeMember = async (member: string) => {
    try {
      await remove.mutateAsync(member);
      toaster.create({ type: 'success', title: 'Member removed', description: member });
    } catch (failure) {
      notifyError(failure);
    }
  };

  return (
    <Stack as="section" aria-labelledby={`members-${id}`} gap="3" mt="6" pt="4" borderTopWidth="1px">
      <Heading as="h3" size="sm" id={`members-${id}`}>
        Members
      </Heading>
      {members.length === 0 ? (
        <Text color="fg.muted">This group has no members.</Text>
      ) : (
        <List.Root variant="plain" gap="1" aria-label="Members">
          {members.map((member) => (
            <List.Item key={member}>
              <HStack justify="space-between" w="full">
                <Text>{member}</Text>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Remove ${member}`}
                  loading={remove.isPending && remove.variables === member}
                  onClick={() => void removeMember(member)}
                >
                  Remove
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <HStack align="flex-start">
          <Field.Root invalid={error !== undefined}>
            <Field.Label>Member email</Field.Label>
            <Input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" mt="6" loading={add.isPending}>
            Add member
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
