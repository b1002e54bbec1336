import { ExpressionBuilderDialog } from './expression-builder-dialog';
import { PreviewPanel } from './preview-panel';

/** The builder with the live preview on the marketplace's orders; loaded when the builder is first opened. */
export function ConnectedBuilderDialog(props: Omit<Parameters<typeof ExpressionBuilderDialog>[0], 'renderPreview'>) {
  return (
    <ExpressionBuilderDialog {...props} renderPreview={(expressions) => <PreviewPanel expressions={expressions} />} />
  );
}
