import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { addressLines, type AddressLike } from './address-lines';

/** An address as a postal address (an `<address>` element), or a muted note when there is none. */
export function PostalAddress(props: { address: AddressLike | null | undefined; emptyText?: string }) {
  const { address, emptyText = 'None' } = props;
  const lines = addressLines(address);
  if (lines.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Stack as="address" gap="0" fontStyle="normal">
      {lines.map((line, index) => (
        <Text key={index}>{line}</Text>
      ))}
    </Stack>
  );
}

/** A field holding an address, as a postal address; null when it holds none (a summary row is then left out). */
export function postalAddressOrNull(value: unknown): ReactNode {
  const address = typeof value === 'object' && value !== null ? (value as AddressLike) : null;
  return addressLines(address).length > 0 ? <PostalAddress address={address} /> : null;
}
