import type { Certification } from '../resume-output.js'
import type { Line } from '../sections.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { endMonth, findDateRanges, findDates, formatDate } from './dates.js'
import { isPlace } from './employer.js'

type Words = Pick<Vocabulary, 'certificationAuthorities' | 'headings' | 'months' | 'dateWords' | 'gazetteer' | 'joiningWords'>

/** A line outside the section that says it is a certification: "Certified Scrum Master", "Zertifikat: ...". */
const namedCertification = /^(?:[•\-–*]\s*)?(?:certified|certifications?|certificate|zertifiziert(?:e|er)?|zertifikat|certificación|certificado|certifiée?|certyfikat|certificazione|certificato)\b/i
/** Words that make an entry a certification whatever its case ("CERTIFIED PROJECT MANAGEMENT PROFESSIONAL"). */
const certificationWord = /certifi|zertifi|certyfik|licen[cs]|notary|accredit|akkredit|habilitation|abilitazion|uprawnieni/i
/** Longer than this, an entry of the section is a sentence about training, not a certification's name. */
const maxWords = 14

/**
 * Certifications and licences: every entry of the certifications section (a line, or the items a line
 * parts with bullets, bars or semicolons) that names a certificate, a licence or the body that issues
 * it, and any line elsewhere that begins by saying it is one ("Certified Kubernetes Administrator
 * (CKA), 2022"). Each keeps its title as written, the body that issued it when the vocabulary knows it
 * (vocab/certification-authorities.tsv: "AWS" in the title, or "Scrum Master, Scrum Alliance" written
 * after it, which the title then leaves out), and its dates: a period gives both, a single date is
 * when it was obtained.
 *
 * @example
 *   findCertifications([{ number: 9, text: 'AWS Certified Solutions Architect – Associate, 03/2022' }], [], words, now)
 *   // [{ CertificationTitle: 'AWS Certified Solutions Architect – Associate', Authority: 'Amazon Web Services', StartDate: '01/03/2022', EndDate: '' }]
 */
export function findCertifications(section: readonly Line[], elsewhere: readonly Line[], words: Words, now: Date): Certification[] {
  const entries = [
    ...section.flatMap((line) => line.text.split(/\s*[;|•·]\s*|\s{3,}/)).map((text) => ({ text, named: false })),
    ...elsewhere.filter((line) => namedCertification.test(line.text)).map((line) => ({ text: line.text.replace(/^(?:certifications?|certificates?|zertifikate?)\s*:\s*/i, ''), named: true })),
  ]
  const seen = new Set<string>()
  return entries.flatMap(({ text, named }) => {
    const certification = certificationOf(text, words, now)
    // Outside the section only a name counts, not a sentence ("Certified Scrum Master with 8 years of experience").
    if (!certification || (named && !isName(certification.CertificationTitle, words.joiningWords.name))) return []
    if (seen.has(certification.CertificationTitle.toLowerCase())) return []
    seen.add(certification.CertificationTitle.toLowerCase())
    return [certification]
  })
}

function certificationOf(entry: string, words: Words, now: Date): Certification | undefined {
  let text = entry.replace(/^[\s•\-–*]+|\s+$/g, '')
  const range = findDateRanges(text, words)[0]
  const single = range ? undefined : findDates(text, words).at(-1)
  if (range) text = text.slice(0, range.from) + text.slice(range.to)
  else if (single) text = text.slice(0, single.from) + text.slice(single.to)
  // What the date stood in goes with it: "(Expected Completion Date: )", "earned on".
  text = text.replace(/\([^()]*:\s*\)|\(\s*\)/g, '').replace(/\s+(?:earned|issued|obtained|awarded|completed)(?:\s+(?:on|in))?\s*$/i, '')
  text = text.replace(/[\s,;:–\-(]+$|^[\s,;:–\-)]+/g, '').trim()
  if (!/\p{L}{2}/u.test(text) || text.split(/\s+/).length > maxWords || words.headings.lookup(text) !== undefined) return undefined
  const authorities = words.certificationAuthorities.find(text)
  const authority = authorities[0]
  // What a line broken in a sentence leaves ("earned on March 16", "database manipulation."), a
  // sub-heading in capitals ("TECHNICAL") or a place ("Dallas, Texas") is no certification.
  if (!/^[\p{Lu}\p{N}]/u.test(text) || /\p{Ll}{2}\.$/u.test(text)) return undefined
  // Courses and trainings share the section: only what names a certificate, a licence or its body counts.
  if (!authority && !certificationWord.test(text)) return undefined
  if (/^[\p{Lu}\s&/,.-]+$/u.test(text) && words.headings.find(text).length > 0) return undefined
  // A membership ("Member, Project Management Institute"), the body alone, or "Certificate earned on"
  // (a name broken over lines) names no certification.
  if (/^(?:member|membership|mitglied|miembro|membre|członek|membro)\b/i.test(text)) return undefined
  const bare = text.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim()
  if (authorities.some((a) => a.surface.length >= bare.length - 1 && !/^[\p{Lu}\p{N}+]+$/u.test(a.surface))) return undefined
  const named = text.split(/\s+/).filter((word) => /^[\p{Lu}\p{N}]/u.test(word) && !/^(?:certificate|certification|certified|zertifikat|\d{1,2})$/i.test(word) && words.months.find(word).length === 0)
  if (named.length === 0) return undefined
  if (isPlace(text, words.gazetteer)) return undefined
  // "Professional Scrum Master, Scrum.org": the body written after the title is no part of it; an
  // abbreviation is the certification's own ("Certified Kubernetes Administrator (CKA)").
  const last = authorities.at(-1)
  const body = last && !/^[\p{Lu}\p{N}+]+$/u.test(last.surface)
  const after = body ? /^(.*\S)\s*(?:,|\s[-–—|]\s|\(|\bby\b|\bfrom\b)\s*$/.exec(text.slice(0, last.from)) : null
  const title = after && text.slice(last!.to).replace(/[\s)]+/g, '') === '' ? after[1]! : text
  return {
    CertificationTitle: title,
    Authority: (body ? last : authority)?.entry.name ?? '',
    StartDate: range ? formatDate(range.start) : single ? formatDate(single.value) : '',
    EndDate: range ? formatDate(endMonth(range, now)) : '',
  }
}

/** Words of a name: each capitalised, an abbreviation, a number or a joining word ("Certified Scrum Master", "Zertifikat für Projektmanagement"). */
function isName(text: string, joining: ReadonlySet<string>): boolean {
  return text.split(/\s+/).every((word) => /^[\p{Lu}\p{N}(]/u.test(word) || /^[&–-]$/.test(word) || joining.has(word))
}
