/** The same server URL with another database name. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = '/' + database
  return url.toString()
}
