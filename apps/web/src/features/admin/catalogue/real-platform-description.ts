// Test-only (imported by tests alone, so the server code never reaches the bundle): the platform's real description, built by the server from its registry, so the catalogue walk
// checks the web app against what the platform actually serves rather than against a hand-written fixture.
import { buildDescription } from '../../../../../server/src/platform/description/build-description.ts';
import { buildOperations } from '../../../../../server/src/platform/engine/operations.ts';
import { platformRegistry } from '../../../../../server/src/platform/resources/index.ts';

export function realPlatformDocument(): unknown {
  return buildDescription({
    registry: platformRegistry,
    operations: buildOperations(platformRegistry),
    publicUrl: 'http://localhost:4000',
  });
}
