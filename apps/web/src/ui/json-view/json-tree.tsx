import { Box, Button, Collapsible, DataList, Icon } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { branchEntries, branchSummary, isBranch, isEmptyValue, scalarText } from './json-tree-model';

export interface JsonTreeProps {
  /** The nested value: an object or a list (anything else shows as one line). */
  readonly value: unknown;
  /** What the value is (the field's label): part of the toggle's accessible name. */
  readonly label: string;
  /** The label of a nested key; `path` holds the keys above it. Defaults to the key itself. */
  readonly keyLabel?: (key: string, path: readonly string[]) => string;
  /** How a scalar shows (a date with its time zone, say); `key` is the key it sits under. */
  readonly renderScalar?: (value: unknown, key: string, path: readonly string[]) => ReactNode;
  /** A name for a closed branch (`Jane Doe`), or undefined when it has none. */
  readonly nameOf?: (value: Record<string, unknown> | unknown[]) => string | undefined;
  /** Whether the outermost branch starts open. */
  readonly defaultOpen?: boolean;
}

function Chevron() {
  return (
    <Icon
      boxSize="3"
      transition="transform 0.15s"
      // The trigger carries data-state; the chevron turns down while its branch is open.
      css={{ '[data-state=open] > &': { transform: 'rotate(90deg)' } }}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </Icon>
  );
}

function Leaf({
  value,
  keyName,
  path,
  props,
}: {
  value: unknown;
  keyName: string;
  path: string[];
  props: JsonTreeProps;
}) {
  if (isEmptyValue(value)) return <Box color="fg.muted">—</Box>;
  if (isBranch(value)) return <Branch value={value} label={keyName} path={path} props={props} defaultOpen={false} />;
  return <>{props.renderScalar ? props.renderScalar(value, keyName, path) : scalarText(value)}</>;
}

function Branch(input: {
  value: Record<string, unknown> | unknown[];
  label: string;
  path: string[];
  props: JsonTreeProps;
  defaultOpen: boolean;
}) {
  const { value, label, path, props, defaultOpen } = input;
  const summary = branchSummary(value, props.nameOf?.(value));
  const keyLabel = props.keyLabel ?? ((key: string) => key);
  return (
    <Collapsible.Root defaultOpen={defaultOpen} lazyMount>
      <Collapsible.Trigger asChild>
        <Button
          variant="ghost"
          size="xs"
          px="1"
          ms="-1"
          h="auto"
          minH="6"
          fontWeight="normal"
          textAlign="start"
          whiteSpace="normal"
          // The visible summary leads the name, so speech and the screen agree (WCAG 2.5.3).
          aria-label={`${summary} (${label})`}
        >
          <Chevron />
          {summary}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box borderStartWidth="2px" borderColor="border" ps="3" ms="1" mt="1" mb="1">
          <DataList.Root size="sm" orientation="horizontal" gap="2">
            {branchEntries(value).map(([key, entry]) => {
              const entryPath = [...path, key];
              return (
                <DataList.Item key={key} alignItems="flex-start">
                  <DataList.ItemLabel w={{ base: '28', sm: '44' }} flexShrink="0" wordBreak="break-word">
                    {keyLabel(key, path)}
                  </DataList.ItemLabel>
                  <DataList.ItemValue wordBreak="break-word" minW="0">
                    <Leaf value={entry} keyName={key} path={entryPath} props={props} />
                  </DataList.ItemValue>
                </DataList.Item>
              );
            })}
          </DataList.Root>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * A nested value as a collapsible tree of labelled rows (never one line of JSON): a closed branch reads as its
 * name and size (`Jane Doe · 14 fields`), and opens into a row per field, nested branches closed.
 *
 * @example
 * <JsonTree value={order.FromUser} label="From User" nameOf={displayName} />
 */
export function JsonTree(props: JsonTreeProps) {
  const { value, label, defaultOpen = false } = props;
  if (!isBranch(value)) return <Leaf value={value} keyName={label} path={[]} props={props} />;
  return <Branch value={value} label={label} path={[]} props={props} defaultOpen={defaultOpen} />;
}
