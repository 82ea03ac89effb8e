/** pg's own conversion of a JavaScript value into a query parameter (pg/lib/utils.js). */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null }
  export default utils
}
