export { builderSubjectOf, ExpressionBuilderButton, expressionFieldSlots } from './expression-builder-button';
