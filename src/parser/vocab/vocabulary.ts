import { Gazetteer } from '../geo/gazetteer.js'
import type { AliasConflict } from './alias-index.js'
import { loadSkills } from './skills.js'
import { loadTitles } from './titles.js'
import {
  loadAbbreviations, loadCertificationAuthorities, loadDateWords, loadDegrees, loadHeadings, loadIndustries, loadInflections, loadInstitutionWords,
  loadJdLabels, loadJoiningWords, loadJdTerms, loadLanguageLevels, loadLanguages,
  loadMonths, loadNationalities, loadNumbers, loadOccupationTitles, loadPersonal, loadSchoolBodies, loadTitleHeads,
} from './word-lists.js'

/** Everything the parsers look words up in, loaded once per process (about a second). */
export type Vocabulary = ReturnType<typeof load>

let loaded: Vocabulary | undefined

export function vocabulary(): Vocabulary {
  loaded ??= load()
  return loaded
}

function load() {
  const conflicts: AliasConflict[] = []
  return {
    skills: loadSkills(conflicts),
    titles: loadTitles(conflicts),
    titleHeads: loadTitleHeads(),
    joiningWords: loadJoiningWords(),
    occupationTitles: loadOccupationTitles(),
    degrees: loadDegrees(conflicts),
    headings: loadHeadings(conflicts),
    abbreviations: loadAbbreviations(),
    dateWords: loadDateWords(conflicts),
    months: loadMonths(conflicts),
    numbers: loadNumbers(conflicts),
    jdTerms: loadJdTerms(conflicts),
    jdLabels: loadJdLabels(conflicts),
    personal: loadPersonal(conflicts),
    languages: loadLanguages(conflicts),
    languageLevels: loadLanguageLevels(conflicts),
    nationalities: loadNationalities(conflicts),
    industries: loadIndustries(conflicts),
    certificationAuthorities: loadCertificationAuthorities(conflicts),
    institutionWords: loadInstitutionWords(conflicts),
    schoolBodies: loadSchoolBodies(conflicts),
    inflections: loadInflections(),
    gazetteer: Gazetteer.load(),
    /** Aliases two rows claimed; the first row kept each. test/parser/vocabulary.test.ts wants none. */
    conflicts,
  }
}
