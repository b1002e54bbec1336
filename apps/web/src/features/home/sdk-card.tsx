import { chakra, Code, useSlotRecipe } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DashboardCard } from './content-cards';
import { SDK_LANGUAGES, sdkCommand, type SdkLanguage } from './sdk-commands';

// The tabs' behaviour (Chakra's Tabs and its state machine: about 5 KB compressed) is not part of the first page's
// download (issue 22): until the user comes near them, a look-alike drawn with the same tabs recipe shows the first
// tab. Pointing at it or focusing it loads the real tabs; a click on the look-alike already switches the tab.
const SdkTabs = lazy(() => import('./sdk-tabs'));

function StandInTabs({ value, onWant }: { value: SdkLanguage; onWant: (value: SdkLanguage | null) => void }) {
  const styles = useSlotRecipe({ key: 'tabs' })({ variant: 'line' });
  return (
    <chakra.div css={styles.root} data-orientation="horizontal" onPointerEnter={() => onWant(null)}>
      <chakra.div css={styles.list} role="tablist" aria-orientation="horizontal" data-orientation="horizontal">
        {SDK_LANGUAGES.map((language) => (
          <chakra.button
            key={language.value}
            type="button"
            role="tab"
            css={styles.trigger}
            data-orientation="horizontal"
            aria-selected={language.value === value}
            data-selected={language.value === value ? '' : undefined}
            tabIndex={language.value === value ? 0 : -1}
            onFocus={() => onWant(null)}
            // On press, not only on click: the real tabs may take the look-alike's place between press and release,
            // and the click would then never come.
            onPointerDown={() => onWant(language.value)}
            onClick={() => onWant(language.value)}
          >
            {language.label}
          </chakra.button>
        ))}
      </chakra.div>
      <chakra.div css={styles.content} role="tabpanel" data-orientation="horizontal">
        <Code display="block" p="3" whiteSpace="pre-wrap">
          {sdkCommand(value)}
        </Code>
      </chakra.div>
    </chakra.div>
  );
}

export function SdkCard() {
  const [loading, setLoading] = useState(false);
  // Held here, so the look-alike and the real tabs always show the same tab, whenever the swap happens.
  const [chosen, setChosen] = useState<SdkLanguage>('javascript');
  const card = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const want = (value: SdkLanguage | null) => {
    refocus.current = card.current?.contains(document.activeElement) ?? false;
    if (value) setChosen(value);
    setLoading(true);
  };
  const standIn = <StandInTabs value={chosen} onWant={want} />;
  return (
    <DashboardCard id="sdk-card-title" title="Install an SDK">
      <div ref={card}>
        {loading ? (
          <Suspense fallback={standIn}>
            <SdkTabs value={chosen} onValueChange={setChosen} />
            <FocusSelectedTab card={card} refocus={refocus} />
          </Suspense>
        ) : (
          standIn
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
