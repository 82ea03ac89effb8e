import type { Logger } from 'pino'
import type { Account } from '../accounts/account-repository.js'
import type { IndexEnvelope } from '../schemas/operation-request.js'

/** What middleware hands down a request's chain. */
export interface AppEnv {
  Variables: {
    requestId: string
    logger: Logger
    /** The operation's name (`simpleSearch`, `admin`, ...), for logs and metrics. */
    operation?: string
    /** Set once the key is checked; only its name is ever logged. */
    account?: Account
    /** The parsed JSON body of an operation request. */
    body?: Record<string, unknown>
    /** The checked index envelope of a search-engine request. */
    envelope?: IndexEnvelope
  }
}
