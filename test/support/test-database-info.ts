/** How test files reach their database; decided once by the global setup. */
export type TestDatabaseInfo =
  | { kind: 'postgres'; serverUrl: string; template: string; source: 'DATABASE_URL' | 'testcontainers' }
  | { kind: 'pglite'; snapshotFile: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo
  }
}
