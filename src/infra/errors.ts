import type { PlatformId } from "../types/platform-ids.js";
import { type ErrorCode, type ErrorType, errorCatalogue } from "./error-catalogue.js";

export interface ErrorOptions {
  message?: string;
  param?: string | null;
  fix?: string | null;
  platform?: PlatformId | null;
  retryable?: boolean;
  headers?: Record<string, string>;
  /** The request was refused before the endpoint did anything (validation, limits): nothing to replay. */
  beforeExecution?: boolean;
}

/**
 * The one error every layer below HTTP throws. It carries a catalogue code; `toEnvelope` turns it
 * into the spec's body. Messages here are written for the API's user, never internal detail.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly type: ErrorType;
  readonly status: number;
  readonly param: string | null;
  readonly fix: string | null;
  readonly platform: PlatformId | null;
  readonly retryable: boolean;
  readonly headers: Record<string, string>;
  readonly beforeExecution: boolean;

  constructor(code: ErrorCode, options: ErrorOptions = {}) {
    const entry = errorCatalogue[code];
    super(options.message ?? entry.meaning);
    this.name = "ApiError";
    this.code = code;
    this.type = entry.type;
    // Status and type come only from the catalogue: the same code never answers two ways.
    this.status = entry.status;
    this.param = options.param ?? null;
    this.fix = options.fix === undefined ? entry.fix : options.fix;
    this.platform = options.platform ?? null;
    this.retryable = options.retryable ?? entry.retryable;
    this.headers = options.headers ?? {};
    this.beforeExecution = options.beforeExecution ?? false;
  }
}

export interface ErrorBody {
  type: ErrorType;
  message: string;
  code: ErrorCode;
  param: string | null;
  fix: string | null;
  docs: string;
  platform: PlatformId | null;
  retryable: boolean;
  requestId: string;
}

export function docsLink(baseUrl: string, code: ErrorCode): string {
  return `${baseUrl}/docs/errors#error-${code}`;
}

export function toEnvelope(error: ApiError, baseUrl: string, requestId: string): { error: ErrorBody } {
  return {
    error: {
      type: error.type,
      message: error.message,
      code: error.code,
      param: error.param,
      fix: error.fix,
      docs: docsLink(baseUrl, error.code),
      platform: error.platform,
      retryable: error.retryable,
      requestId,
    },
  };
}

export const notFound = (param = "id", message?: string) => new ApiError("resource_not_found", { param, ...(message ? { message } : {}) });
