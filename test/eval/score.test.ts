import { describe, expect, it } from 'vitest'
import type { Predicted } from '../../eval/predict.js'
import { addCounts, experienceWithinTolerance, prf, scoreDocument, type DocumentScore } from '../../eval/score.js'

const predicted: Predicted = {
  language: 'es',
  name: { FullName: 'Lucía del Carmen Fernández', FirstName: 'Lucía', LastName: 'Fernández' },
  emails: ['lucia.fernandez@example.es'],
  phones: ['+34612345678'],
  city: 'Seville',
  currentTitle: 'Enfermera de cuidados intensivos',
  currentEmployer: '',
  titles: ['Enfermera de cuidados intensivos', 'Enfermera'],
  employers: ['Hospital Universitario Ejemplo', 'Clínica Modelo'],
  institutes: ['Universidad de Ejemplo'],
  degrees: ['Grado en Enfermería'],
  skills: [
    { Skill: 'cuidados intensivos', FormattedName: 'Intensive Care' },
    { Skill: 'UCI', FormattedName: 'Intensive Care' },
    { Skill: 'Excel', FormattedName: 'Microsoft Excel' },
  ],
  totalExperienceMonths: 70,
}

describe('scoreDocument', () => {
  it('scores only the fields the gold file has', () => {
    const score = scoreDocument({ emails: ['Lucia.Fernandez@example.es'] }, predicted)
    expect(Object.keys(score)).toEqual(['emails'])
    expect(score.emails).toEqual({ gold: 1, predicted: 1, matched: 1, documents: 1 })
  })

  it('counts a missing single value against recall only', () => {
    const score = scoreDocument({ name: 'Lucía Fernández', currentTitle: 'Enfermera UCI', currentEmployer: 'Hospital Universitario Ejemplo' }, predicted)
    expect(score.name).toEqual({ gold: 1, predicted: 1, matched: 1, documents: 1 })
    expect(score.currentTitle).toEqual({ gold: 1, predicted: 1, matched: 0, documents: 1 })
    expect(score.currentEmployer).toEqual({ gold: 1, predicted: 0, matched: 0, documents: 1 })
  })

  it('reduces lists to distinct entities before pairing', () => {
    const score = scoreDocument(
      {
        titles: ['Enfermera', 'Enfermera', 'Auxiliar de farmacia'],
        skills: ['Cuidados intensivos', 'intensive care', 'Excel', 'SAP'],
        phones: ['612 345 678'],
        employers: [],
      },
      predicted,
    )
    // "Enfermera" contains in both predicted titles: they are one entity, as are the two gold ones.
    expect(score.titles).toEqual({ gold: 2, predicted: 1, matched: 1, documents: 1 })
    // Both gold spellings of intensive care are the one predicted canonical skill.
    expect(score.skills).toEqual({ gold: 4, predicted: 2, matched: 2, documents: 1 })
    expect(score.phones?.matched).toBe(1)
    expect(score.employers).toEqual({ gold: 0, predicted: 2, matched: 0, documents: 1 })
  })

  it('matches the candidate\'s city by any of its names, and not a region for a city', () => {
    // The parser writes GeoNames' Seville where the resume wrote Sevilla.
    expect(scoreDocument({ city: 'Sevilla, Andalucía' }, predicted).city).toEqual({ gold: 1, predicted: 1, matched: 1, documents: 1 })
    expect(scoreDocument({ city: 'Málaga, Andalucía' }, predicted).city?.matched).toBe(0)
    expect(scoreDocument({ city: 'Sevilla' }, { ...predicted, city: 'Andalusia' }).city?.matched).toBe(0)
  })

  it('accepts total experience within twelve months', () => {
    expect(experienceWithinTolerance({ totalExperienceMonths: 82 }, predicted)).toBe(true)
    expect(experienceWithinTolerance({ totalExperienceMonths: 83 }, predicted)).toBe(false)
    expect(experienceWithinTolerance({}, predicted)).toBeUndefined()
  })
})

describe('micro-averaged P/R/F1', () => {
  it('sums counts before dividing', () => {
    const total: DocumentScore = {}
    addCounts(total, { skills: { gold: 4, predicted: 2, matched: 2, documents: 1 } })
    addCounts(total, { skills: { gold: 1, predicted: 3, matched: 0, documents: 1 } })
    expect(total.skills).toEqual({ gold: 5, predicted: 5, matched: 2, documents: 2 })
    expect(prf(total.skills!)).toEqual({ precision: 0.4, recall: 0.4, f1: 0.4 })
  })

  it('gives NaN for an empty denominator', () => {
    const { precision, recall } = prf({ gold: 2, predicted: 0, matched: 0, documents: 1 })
    expect(precision).toBeNaN()
    expect(recall).toBe(0)
  })
})
