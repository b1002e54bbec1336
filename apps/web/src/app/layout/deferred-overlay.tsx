import { cloneElement, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';

/** What a deferred overlay's module renders: the whole menu or popover, its trigger included, maybe open at once. */
export interface OverlayProps {
  defaultOpen?: boolean;
}

/** Handlers the stand-in trigger needs; the element is expected to be a button that passes them on. */
interface TriggerHandlers {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
}

/**
 * A top-bar menu or popover whose code (Chakra's Menu or Popover with the positioning engine: about 30 KB
 * compressed) is not part of the first page's download (issue 22). Until the user comes near it, `trigger` stands in
 * for it: the same button, with nothing behind it. Pointing at it or focusing it loads the overlay's module; a click
 * (or Enter or Space) also shows it open once loaded. The stand-in stays until the module is there, and the focus
 * moves to the real trigger when the stand-in had it.
 *
 * @example
 * <DeferredOverlay trigger={<UserMenuButton name={name} />} load={loadUserMenu} />
 */
export function DeferredOverlay({
  trigger,
  load,
}: {
  trigger: ReactElement<TriggerHandlers>;
  load: () => Promise<{ default: ComponentType<OverlayProps> }>;
}) {
  const [requested, setRequested] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [overlay, setOverlay] = useState<{ Component: ComponentType<OverlayProps>; refocus: boolean } | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!requested) return undefined;
    let current = true;
    load().then(
      (module) => {
        // Measured while the stand-in is still there: did it have the focus?
        const refocus = wrapper.current?.contains(document.activeElement) ?? false;
        if (current) setOverlay({ Component: module.default, refocus });
      },
      // Offline or a new deployment: the next approach tries again.
      () => current && setRequested(false),
    );
    return () => {
      current = false;
    };
  }, [requested, load]);

  useEffect(() => {
    const root = wrapper.current;
    if (!overlay?.refocus || !root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>('button, [href], [tabindex]')?.focus();
  }, [overlay]);

  const start = () => setRequested(true);
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      {overlay ? (
        <overlay.Component defaultOpen={openOnLoad} />
      ) : (
        cloneElement(trigger, {
          onPointerEnter: start,
          onFocus: start,
          onClick: () => {
            setOpenOnLoad(true);
            start();
          },
        })
      )}
    </span>
  );
}
