import { chakra, Code, useSlotRecipe } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DashboardCard } from './content-cards';
import { SDK_LANGUAGES, sdkCommand, type SdkLanguage } from './sdk-commands';

// The tabs' behaviour (Chakra's Tabs and its state machine: about 5 KB compressed) is not part of the first page's
// download (issue 22): until the user comes near them, a look-alike drawn with the same tabs recipe shows the first
// tab. Pointing at it or focusing it loads the real tabs, which open on the tab that was chosen.
const SdkTabs = lazy(() => import('./sdk-tabs'));

function StandInTabs({ onWant }: { onWant: (value: SdkLanguage | null) => void }) {
  const styles = useSlotRecipe({ key: 'tabs' })({ variant: 'line' });
  const first = SDK_LANGUAGES[0]?.value ?? 'javascript';
  return (
    <chakra.div css={styles.root} data-orientation="horizontal" onPointerEnter={() => onWant(null)}>
      <chakra.div css={styles.list} role="tablist" aria-orientation="horizontal" data-orientation="horizontal">
        {SDK_LANGUAGES.map(({ value, label }) => (
          <chakra.button
            key={value}
            type="button"
            role="tab"
            css={styles.trigger}
            data-orientation="horizontal"
            aria-selected={value === first}
            data-selected={value === first ? '' : undefined}
            tabIndex={value === first ? 0 : -1}
            onFocus={() => onWant(null)}
            onClick={() => onWant(value)}
          >
            {label}
          </chakra.button>
        ))}
      </chakra.div>
      <chakra.div css={styles.content} role="tabpanel" data-orientation="horizontal">
        <Code display="block" p="3" whiteSpace="pre-wrap">
          {sdkCommand(first)}
        </Code>
      </chakra.div>
    </chakra.div>
  );
}

export function SdkCard() {
  const [wanted, setWanted] = useState<{ value: SdkLanguage } | null>(null);
  const [chosen, setChosen] = useState<SdkLanguage>('javascript');
  const card = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const want = (value: SdkLanguage | null) => {
    refocus.current = card.current?.contains(document.activeElement) ?? false;
    if (value) setChosen(value);
    setWanted({ value: value ?? chosen });
  };
  return (
    <DashboardCard id="sdk-card-title" title="Install an SDK">
      <div ref={card}>
        {wanted ? (
          <Suspense fallback={<StandInTabs onWant={want} />}>
            <SdkTabs defaultValue={chosen} />
            <FocusSelectedTab card={card} refocus={refocus} />
          </Suspense>
        ) : (
          <StandInTabs onWant={want} />
        )}
      </div>
    </DashboardCard>
  );
}

/** Once the real tabs are there, gives the focus to the selected tab when the look-alike had it. */
function FocusSelectedTab({
  card,
  refocus,
}: {
  card: React.RefObject<HTMLDivElement | null>;
  refocus: React.RefObject<boolean>;
}) {
  useEffect(() => {
    if (!refocus.current || card.current?.contains(document.activeElement)) return;
    card.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [card, refocus]);
  return null;
}
