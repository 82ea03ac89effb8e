import { catalogue, type ErrorCode } from './catalogue.js'

/**
 * The one way a numbered error leaves a handler: `throw new ApiError(2075, 'Skils')`.
 * The HTTP status and the message come from the catalogue; `detail` fills its `{detail}`.
 */
export class ApiError extends Error {
  readonly http: number

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string | number,
    options?: { cause?: unknown },
  ) {
    const entry = catalogue[code]
    super(entry.message.replace('{detail}', detail === undefined ? '' : String(detail)).trim(), options)
    this.http = entry.http
  }

  /** The body of every error response, e.g. `{"status":"2001","error":{"code":2001,"message":"Invalid user key"}}`. */
  toBody(): ErrorBody {
    return { status: String(this.code), error: { code: this.code, message: this.message } }
  }
}

export interface ErrorBody {
  status: string
  error: { code: number; message: string }
}
