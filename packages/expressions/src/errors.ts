/** The platform's expression error codes (facts §8 and the .NET SDK's ErrorCode list). */
export type ExpressionErrorCode =
  | 'Expression.InvalidSyntax'
  | 'Expression.InvalidToken'
  | 'Expression.InvalidFunction'
  | 'Expression.InvalidArguments'
  | 'Expression.ItemRequired'
  | 'Expression.ItemNotAllowed';

export interface ExpressionError {
  code: ExpressionErrorCode;
  message: string;
  /** 0-based offset into the expression text. */
  position: number;
}

/** Thrown by the evaluation helpers when an expression cannot be read or run. */
export class ExpressionEvaluationError extends Error {
  readonly error: ExpressionError;

  constructor(error: ExpressionError) {
    super(`${error.code}: ${error.message}`);
    this.name = 'ExpressionEvaluationError';
    this.error = error;
  }
}

export function expressionError(code: ExpressionErrorCode, message: string, position: number): ExpressionError {
  return { code, message, position };
}
