import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectRefused } from '../support/refusal.js'
import { startTestService, type TestService } from '../support/service.js'

/** POST {plugin_url}/skillGapDetection through HTTP. */
let service: TestService
let key: string
const file = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url)).toString('base64')
const gap = (body: Record<string, unknown>) =>
  service.post('/plugin/skillGapDetection', { userkey: key, subuserid: 'recruiter-1', filename: 'resume-pl.txt', filedata: file('resume-pl'), ...body })
async function ok(res: Response): Promise<Record<string, any>> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Record<string, any>
}
const names = (skills: Array<{ FormattedName: string }>) => skills.map((s) => s.FormattedName)

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'gap' })
})
afterAll(() => service.close())

describe('skillGapDetection', () => {
  it('compares a Polish resume with a German JD: matched, missing (required and preferred) and coverage', async () => {
    const result = await ok(await gap({ jdfilename: 'jd-de.txt', jdfiledata: file('jd-de') }))
    expect(result.Target).toEqual({ Type: 'JD', Title: 'Java-Entwickler', FormattedName: 'Java Developer' })
    expect(result.MatchedSkills).toContainEqual(expect.objectContaining({ FormattedName: 'Java', Need: 'Required', Evidence: 'SkillHaveExp' }))
    expect(result.MatchedSkills).toContainEqual(expect.objectContaining({ FormattedName: 'Docker', Need: 'Preferred' }))
    expect(names(result.MissingSkills.Required)).toContain('Kubernetes')
    expect(names(result.MissingSkills.Required)).not.toContain('Java')
    expect(result.CoverageScore).toBeGreaterThan(0)
    expect(result.CoverageScore).toBeLessThan(100)
  })

  it('compares with a job title written in any language, and suggests related skills to learn', async () => {
    const result = await ok(await gap({ jobtitle: 'Datenwissenschaftler' }))
    expect(result.Target).toMatchObject({ Type: 'JobTitle', FormattedName: 'Data Scientist' })
    expect(result.MissingSkills.Required.length).toBeGreaterThan(0)
    expect(result.RelatedSkills.length).toBeGreaterThan(0)
    const everything = [...names(result.MatchedSkills), ...names(result.MissingSkills.Required), ...names(result.RelatedSkills)]
    expect(new Set(everything).size).toBe(everything.length)
  })

  it('without a JD or title, compares with the resume\'s own current title', async () => {
    const result = await ok(await gap({}))
    expect(result.Target).toMatchObject({ Type: 'CurrentJobTitle', FormattedName: 'Java Developer' })
    expect(names(result.MatchedSkills)).toContain('Java')
  })

  it('answers 1051 for a title it does not know, and needs the resume (1014, 1016)', async () => {
    await expectRefused(service.database.db, () => gap({ jobtitle: 'Chief Unicorn Wrangler' }), 1051)
    await expectRefused(service.database.db, () => gap({ filedata: undefined }), 1014)
    await expectRefused(service.database.db, () => gap({ filename: undefined }), 1016)
    await expectRefused(service.database.db, () => gap({ jdfiledata: file('jd-de') }), 1010)
  })

  it('is described in the OpenAPI document, response included', async () => {
    const doc = (await (await service.app.request('/openapi.json')).json()) as any
    const response = doc.paths['/plugin/skillGapDetection'].post.responses['200'].content['application/json'].schema
    expect(Object.keys(response.properties)).toEqual(['Target', 'MatchedSkills', 'MissingSkills', 'RelatedSkills', 'CoverageScore'])
  })
})
