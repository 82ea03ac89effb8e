import type { IndexType } from '../entity/entity-names.js'

/**
 * What a simple or boolean search asks, once validated and normalised: the input of the one SQL
 * statement (search-sql.ts). Weights are shares of 100.
 */
export interface SearchQuery {
  indexType: IndexType
  /** One sub-user, or several (multi-sub-user match); absent: the whole account. */
  subUserIds?: string[]
  conditions: Condition[]
  /** How the custom-value conditions join the entity conditions: AND (all hold) or OR (either side). */
  customValues: CustomValueCondition[]
  customValuesRequired: boolean
  customValueOperator: 'AND' | 'OR'
  filters: Filter[]
  geo?: GeoCondition
  minScore?: number
  includeIds?: string[]
  excludeIds?: string[]
  sorting: Array<{ field: string; order: 'asc' | 'desc' }>
  /** Each facet field with the stored entities it counts (a composite counts several). */
  facets?: { fields: Array<{ name: string; keys: string[] }>; limit: number }
  page: { start: number; size: number }
  explain?: 'text' | 'json'
  /** Record fields (spec 2.5 by default, or fieldList). */
  fields: string[]
  includeSkillType: boolean
  showCustomValue: boolean
  /** The explanation's key: Search (simple), BooleanSearch or Match. */
  explainKey: 'Search' | 'BooleanSearch' | 'Match'
  /** Without required conditions a document must meet one optional value; oneMatch scores regardless. */
  requireAnyOptional?: boolean
  /**
   * Bounded candidate generation (match): score only up to `perTier` documents from each tier instead of
   * every document that shares a value with the source; `count` is then the number of candidates scored.
   */
  candidates?: { tiers: CandidateTier[]; perTier: number }
  /**
   * Match: the words of the source's text (document_terms() of its parser output) found in each
   * scored document, weighted by their rarity among the scored documents; up to `weight` of 100.
   * `languages`, the source's language (name and code, normalised): only documents in it take part,
   * so that words are weighed among texts that could share them. Empty: every document.
   */
  keywords?: { sourceType: IndexType; parsed: unknown; weight: number; languages: string[] }
}

/**
 * Documents that, in every group, meet one of the group's conditions (any of its values), and with
 * `near` lie within the geo radius.
 */
export interface CandidateTier {
  groups: Condition[][]
  near: boolean
  /**
   * Look the first group up one value at a time, in the source's order, until the tier is full: for
   * groups of common values (skills, degrees, languages), whose ORed bitmap can hold a quarter of the
   * index.
   */
  oneValueAtATime?: boolean
}

/** An entity with values: entities @> {key: [value]} for any of `keys`, per value. */
export interface Condition {
  /** As the client named it ("Skill", "JobProfile"); used in explanations. */
  entity: string
  /** The stored entity names it searches (a composite names several). */
  keys: string[]
  values: ConditionValue[]
  operator: 'AND' | 'OR'
  kind: 'Required' | 'Optional'
  weight: number
  /**
   * What the share of values is measured against: the query's values (default: "how many of the JD's
   * skills does the resume have"), or the document's own (match from a resume: "how many of this
   * JD's skills does the resume cover").
   */
  coverage?: 'query' | 'document'
  /** One value met earns the whole weight (a title, a degree, an employer), instead of a share. */
  anyValue?: boolean
}

export type ConditionValue =
  /** A normalised entity value, matched exactly. */
  | { type: 'exact'; value: string; shown: string }
  /** Words a stored value must contain (partial job profile match). */
  | { type: 'words'; value: string; shown: string }
  /** Every one of these words under one of the keys (an organisation named in a keyword: "siemens" finds "siemens ag"). */
  | { type: 'allWords'; words: string[]; shown: string }
  /** Months of experience within [min, max] (max open when absent), on the experience column. */
  | { type: 'months'; min: number; max?: number; column: 'experience_months' | 'experience_max_months'; shown: string }

export interface Filter {
  keys: string[]
  values: string[]
  exclude: boolean
}

export interface CustomValueCondition {
  key: string
  values: string[]
  /** CV_: the value is the string or one of the strings; CVA_: inside an array of objects. */
  inObjects: boolean
}

export interface GeoCondition {
  latitude: number
  longitude: number
  radiusMeters: number
  /** Share of 100 the distance scores (0: a filter only). */
  weight: number
  /** false: the radius only shapes the score (match: far is worse, not excluded). Default true. */
  filter?: boolean
  /** Echoed in explanations and, for simple search, the response's geoSearch object. */
  place: { city: string; state: string; country: string; latitude: number; longitude: number; radius: number; distanceUnit: string }
}
