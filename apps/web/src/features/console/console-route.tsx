import { ConsolePage } from './console-page';
import { ImpersonationPanel } from './impersonation/impersonation-panel';

/** The console as the router loads it on demand: the page with its impersonation panel. */
export function ConsoleRoute() {
  return <ConsolePage impersonationSlot={<ImpersonationPanel />} />;
}
