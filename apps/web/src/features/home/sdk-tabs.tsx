import { Code, Tabs } from '@chakra-ui/react';
import { SDK_LANGUAGES, sdkCommand, type SdkLanguage } from './sdk-commands';

/** The SDK card's tabs themselves, loaded when the user first comes near them (see SdkCard). */
export default function SdkTabs({
  value,
  onValueChange,
}: {
  value: SdkLanguage;
  onValueChange: (value: SdkLanguage) => void;
}) {
  return (
    <Tabs.Root value={value} onValueChange={(details) => onValueChange(details.value as SdkLanguage)} variant="line">
      <Tabs.List>
        {SDK_LANGUAGES.map(({ value, label }) => (
          <Tabs.Trigger key={value} value={value}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {SDK_LANGUAGES.map(({ value }) => (
        <Tabs.Content key={value} value={value}>
          <Code display="block" p="3" whiteSpace="pre-wrap">
            {sdkCommand(value)}
          </Code>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
