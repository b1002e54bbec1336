// Test-only: the expression fields of the platform's real description (built by the server from its registry).
import { buildApiDescription } from '@/description/index-description';
import { realPlatformDocument } from '../admin/catalogue/real-platform-description';
import { expressionFields, type ExpressionField } from './expression-fields';

let cached: ExpressionField[] | null = null;

export function realExpressionFields(): ExpressionField[] {
  cached ??= expressionFields(buildApiDescription(realPlatformDocument()));
  return cached;
}
