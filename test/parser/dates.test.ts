import { describe, expect, it } from 'vitest'
import { findDateRanges, findDates, monthsIn, type DateRange } from '../../src/parser/extract/dates.js'
import { loadDateWords, loadMonths } from '../../src/parser/vocab/word-lists.js'

const words = { months: loadMonths([]), dateWords: loadDateWords([]) }
const now = new Date('2026-11-22')
const range = (line: string) => {
  const found = findDateRanges(line, words)
  expect(found, line).toHaveLength(1)
  const r = found[0]!
  return { start: r.start, end: r.end === 'present' ? 'present' : r.end }
}
const ym = (year: number, month: number) => ({ year, month })

describe('date ranges in six languages', () => {
  it.each([
    ['en', 'Jan 2019 – Present', ym(2019, 1), 'present'],
    ['en', 'January 2015 to March 2017', ym(2015, 1), ym(2017, 3)],
    ['en', "Sept. '17 - Jun. '19", ym(2017, 9), ym(2019, 6)],
    ['en', 'since 2019', ym(2019, 0), 'present'],
    ['en', '2015 - 2019', ym(2015, 0), ym(2019, 0)],
    ['en', '06/2018 - current', ym(2018, 6), 'present'],
    ['de', '03/2019 – heute', ym(2019, 3), 'present'],
    ['de', 'März 2018 bis Dezember 2020', ym(2018, 3), ym(2020, 12)],
    ['de', 'seit 01.2020', ym(2020, 1), 'present'],
    ['de', '10.2018 - 05.2020', ym(2018, 10), ym(2020, 5)],
    ['es', 'mayo de 2018 - actualidad', ym(2018, 5), 'present'],
    ['es', 'desde 2017', ym(2017, 0), 'present'],
    ['es', 'septiembre 2016 – junio 2018', ym(2016, 9), ym(2018, 6)],
    ['fr', "janvier 2020 – aujourd'hui", ym(2020, 1), 'present'],
    ['fr', 'depuis 2018', ym(2018, 0), 'present'],
    ['fr', 'févr. 2015 – déc. 2016', ym(2015, 2), ym(2016, 12)],
    ['pl', '03.2019 – obecnie', ym(2019, 3), 'present'],
    ['pl', 'od 2016', ym(2016, 0), 'present'],
    ['pl', 'styczeń 2017 - marzec 2019', ym(2017, 1), ym(2019, 3)],
    ['it', 'gennaio 2018 – oggi', ym(2018, 1), 'present'],
    ['it', 'dal 2015', ym(2015, 0), 'present'],
    ['it', '2014/09 - 2016/07', ym(2014, 9), ym(2016, 7)],
  ])('%s: %s', (_lang, line, start, end) => {
    expect(range(line)).toEqual({ start, end })
  })

  it('finds the range inside a job line and reports where it is', () => {
    const line = 'Senior Java Developer, Acme GmbH, Berlin   04/2016 – 12/2018'
    const [found] = findDateRanges(line, words)
    expect(line.slice(found!.from, found!.to)).toBe('04/2016 – 12/2018')
  })

  it('gives a month written before a range dash or word the year of the month after it', () => {
    expect(range('January-June 2009')).toEqual({ start: ym(2009, 1), end: ym(2009, 6) })
    expect(range('Coach, March to May 2015')).toEqual({ start: ym(2015, 3), end: ym(2015, 5) })
    expect(range('Nov. to Feb. 2010')).toEqual({ start: ym(2009, 11), end: ym(2010, 2) })
    expect(range('März bis Mai 2018')).toEqual({ start: ym(2018, 3), end: ym(2018, 5) })
    expect(range('enero - junio 2019')).toEqual({ start: ym(2019, 1), end: ym(2019, 6) })
    const line = 'Jan-Mar 2011  Buy More'
    const [found] = findDateRanges(line, words)
    expect(line.slice(found!.from, found!.to)).toBe('Jan-Mar 2011')
    // A month alone, or next to a month that has no year, makes no period.
    expect(findDateRanges('Intern May - Dec', words)).toEqual([])
    expect(findDateRanges('May and June 2019', words)).toEqual([])
  })

  it('refuses backwards ranges and implausible years', () => {
    expect(findDateRanges('2019 - 2015', words)).toEqual([])
    expect(findDateRanges('1200 - 1300', words)).toEqual([])
  })

  it('counts months inclusively, present as this month', () => {
    const r = (line: string) => findDateRanges(line, words)[0] as DateRange
    expect(monthsIn(r('01/2019 - 03/2019'), now)).toBe(3)
    // Years alone are read from mid-year to mid-year.
    expect(monthsIn(r('2015 - 2016'), now)).toBe(12)
    expect(monthsIn(r('2015 - 2019'), now)).toBe(48)
    expect(monthsIn(r('11/2025 - heute'), now)).toBe(13)
  })

  it('reads single dates with days (dates of birth)', () => {
    expect(findDates('Geburtsdatum: 12.03.1990', words)[0]).toMatchObject({ value: ym(1990, 3), day: 12 })
    expect(findDates('Data urodzenia: 15 stycznia 1988', words)[0]).toMatchObject({ value: ym(1988, 1), day: 15 })
    expect(findDates('Born 1985-07-04', words)[0]).toMatchObject({ value: ym(1985, 7), day: 4 })
  })
})
