/** One entry of the platform's error envelope `{ Errors: [{ ErrorCode, Message, Data }] }`. */
export interface ApiErrorEntry {
  ErrorCode: string;
  Message: string;
  Data: unknown;
}

/** An error answered to the caller with the platform's envelope and status code. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorEntry[];

  constructor(status: number, errorCode: string, message: string, data: unknown = null) {
    super(message);
    this.status = status;
    this.errors = [{ ErrorCode: errorCode, Message: message, Data: data }];
  }

  /** Several problems found in one request (validation), answered together. */
  static many(status: number, errors: ApiErrorEntry[]): ApiError {
    const error = new ApiError(status, errors[0]?.ErrorCode ?? 'ValidationFailure', errors[0]?.Message ?? '');
    error.errors.splice(0, 1, ...errors);
    return error;
  }

  toJSON(): { Errors: ApiErrorEntry[] } {
    return { Errors: this.errors };
  }
}

export const notFound = (objectType: string, objectId: string) =>
  new ApiError(404, 'NotFound', `${objectType} not found: ${objectId}`, { ObjectType: objectType, ObjectID: objectId });

export const idExists = (objectType: string, objectId: string) =>
  new ApiError(409, 'IdExists', `${objectType} already exists: ${objectId}`, {
    ObjectType: objectType,
    ObjectID: objectId,
  });

export const validation = (message: string, data: unknown = null, errorCode = 'ValidationFailure') =>
  new ApiError(400, errorCode, message, data);
