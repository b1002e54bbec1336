/**
 * The SDK packages the install tabs show: the published packages that work against this platform unchanged (the
 * README's quick start installs the JavaScript one). They are package identifiers a developer must type exactly, so
 * they are the one place the platform's vendor name appears; the text around them stays neutral.
 */
export const SDK_PACKAGES = { javascript: 'ordercloud-javascript-sdk', dotnet: 'OrderCloud.SDK' } as const;

export type SdkLanguage = keyof typeof SDK_PACKAGES;

/** The tabs of the SDK card, in order. */
export const SDK_LANGUAGES: readonly { value: SdkLanguage; label: string }[] = [
  { value: 'javascript', label: 'JavaScript' },
  { value: 'dotnet', label: '.NET' },
];

/** The install command of a language's SDK. */
export function sdkCommand(language: SdkLanguage): string {
  return language === 'javascript'
    ? `npm install ${SDK_PACKAGES.javascript}`
    : `dotnet add package ${SDK_PACKAGES.dotnet}`;
}
