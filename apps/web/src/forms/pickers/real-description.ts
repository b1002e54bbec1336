// Test-only: the platform's real description, built by the server from its registry, so the picker mapping is
// checked against what the platform actually serves rather than against a hand-written fixture.
import type { ApiDescription } from '@/description/api-model';
import { buildApiDescription } from '@/description/index-description';
import { buildDescription } from '../../../../server/src/platform/description/build-description.ts';
import { buildOperations } from '../../../../server/src/platform/engine/operations.ts';
import { platformRegistry } from '../../../../server/src/platform/resources/index.ts';

let cached: ApiDescription | undefined;

/** The indexed description of the local platform (built once per test file). */
export function realApiDescription(): ApiDescription {
  cached ??= buildApiDescription(
    buildDescription({
      registry: platformRegistry,
      operations: buildOperations(platformRegistry),
      publicUrl: 'http://localhost:4000',
    }),
  );
  return cached;
}
