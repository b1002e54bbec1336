import { Alert, Button } from '@chakra-ui/react';

/** Said when the item was changed elsewhere while the user edits it: their changes stay until they choose. */
export function NewerItemNotice(props: { singular: string; onLoad: () => void }) {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          This {props.singular.toLowerCase()} was changed since you opened it. Your changes are kept here; loading the
          new version discards them.
        </Alert.Description>
      </Alert.Content>
      <Button type="button" size="sm" variant="outline" alignSelf="center" onClick={props.onLoad}>
        Load the new version
      </Button>
    </Alert.Root>
  );
}
