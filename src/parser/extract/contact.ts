import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max'
import type { PhoneNumber } from '../resume-output.js'

/** URLs and email addresses, to blank them out where they would read as words. */
export const linkPattern = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\w{2,}|\b[\w.-]+\.(?:com|net|org|io|de|es|fr|pl|it|eu)\/\S*/gi

const emailPattern = /[A-Za-z0-9][A-Za-z0-9._%+'-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b/g

/** Email addresses, in order, without duplicates (compared without case). */
export function findEmails(text: string): string[] {
  const seen = new Set<string>()
  const emails: string[] = []
  for (const [email] of text.matchAll(emailPattern)) {
    const key = email.toLowerCase()
    if (!seen.has(key)) {
      seen.add(key)
      emails.push(email)
    }
  }
  return emails
}

const phoneTypes: Record<string, string> = { MOBILE: 'Mobile', FIXED_LINE: 'Landline', FIXED_LINE_OR_MOBILE: 'Phone', VOIP: 'Phone' }
/** A year or a year range ("2015 - 2019") is not a phone number, whatever its digits say. */
const dateLike = /^\(?\s*(?:19|20)\d{2}\s*\)?(?:\s*[-–/.]\s*(?:\d{1,2}[-–/.])?(?:19|20)?\d{2})*$|^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/

/**
 * Phone numbers, normalised to E.164 with libphonenumber. Numbers written without a country code are
 * read as numbers of `defaultCountry` (the resume's country when known, else its language's).
 */
export function findPhones(text: string, defaultCountry?: string): PhoneNumber[] {
  const options = defaultCountry ? { defaultCountry: defaultCountry as CountryCode, v2: true as const } : { v2: true as const }
  const seen = new Set<string>()
  const phones: PhoneNumber[] = []
  for (const match of findPhoneNumbersInText(text, options)) {
    const written = text.slice(match.startsAt, match.endsAt)
    if (dateLike.test(written.trim())) continue
    if (!written.includes('+') && written.replace(/\D/g, '').length < 8) continue
    const e164 = match.number.number
    if (seen.has(e164)) continue
    seen.add(e164)
    phones.push({
      Number: written,
      FormattedNumber: e164,
      ISDCode: `+${match.number.countryCallingCode}`,
      Type: phoneTypes[match.number.getType() ?? ''] ?? 'Phone',
    })
  }
  return phones
}

/**
 * The countries of the phone numbers written with a country code ("+91 98450 12345" -> IN), in order:
 * where a resume's candidate lives, when a place name is ambiguous.
 */
export function phoneCountries(text: string): string[] {
  const countries = findPhoneNumbersInText(text).map((match) => match.number.country ?? '')
  return [...new Set(countries.filter((country) => country !== ''))]
}

const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"'()]+|\b(?:linkedin\.com|github\.com|gitlab\.com|xing\.com|twitter\.com|x\.com|stackoverflow\.com|behance\.net|dribbble\.com)\/[^\s<>"'()]+/gi

const siteTypes: Array<[RegExp, string]> = [
  [/linkedin\./i, 'LinkedIn'], [/github\./i, 'GitHub'], [/gitlab\./i, 'GitLab'], [/xing\./i, 'Xing'],
  [/(?:twitter|\/\/x)\.com/i, 'Twitter'], [/stackoverflow\./i, 'StackOverflow'], [/behance\.|dribbble\./i, 'Portfolio'],
  [/facebook\./i, 'Facebook'],
]

/** Links, typed by site (LinkedIn, GitHub, Xing, ...; anything else is Personal). */
export function findWebsites(text: string): Array<{ Type: string; Url: string }> {
  const seen = new Set<string>()
  const sites: Array<{ Type: string; Url: string }> = []
  for (const [raw] of text.matchAll(urlPattern)) {
    const url = raw.replace(/[.,;:]+$/, '')
    if (url.includes('@') || seen.has(url.toLowerCase())) continue
    seen.add(url.toLowerCase())
    sites.push({ Type: siteTypes.find(([pattern]) => pattern.test(url))?.[1] ?? 'Personal', Url: url })
  }
  return sites
}
