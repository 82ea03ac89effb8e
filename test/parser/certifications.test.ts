import { describe, expect, it } from 'vitest'
import { parseResume } from '../../src/parser/resume.js'

const now = new Date('2026-11-26T12:00:00Z')
const certifications = (...lines: string[]) =>
  parseResume(['Emily Carter', 'emily@example.com', ...lines].join('\n'), { now }).ResumeParserData.SegregatedCertification
const titles = (...lines: string[]) => certifications(...lines).map((c) => c.CertificationTitle)

describe('certifications', () => {
  it('reads each entry of the section with its body and date', () => {
    expect(certifications('Certifications', 'AWS Certified Solutions Architect – Associate, 03/2022', 'Professional Scrum Master I, Scrum.org (2021)', 'PMP; ITIL 4 Foundation')).toEqual([
      { CertificationTitle: 'AWS Certified Solutions Architect – Associate', Authority: 'Amazon Web Services', StartDate: '01/03/2022', EndDate: '' },
      { CertificationTitle: 'Professional Scrum Master I', Authority: 'Scrum.org', StartDate: '01/01/2021', EndDate: '' },
      { CertificationTitle: 'PMP', Authority: 'Project Management Institute', StartDate: '', EndDate: '' },
      { CertificationTitle: 'ITIL 4 Foundation', Authority: 'AXELOS', StartDate: '', EndDate: '' },
    ])
  })

  it('reads the section under its heading in the six languages', () => {
    expect(titles('Zertifikate', 'Goethe-Zertifikat C2 (2015)')).toEqual(['Goethe-Zertifikat C2'])
    expect(titles('Certificaciones', 'Certificación PMP, 2019')).toEqual(['Certificación PMP'])
    expect(titles('Certifications', 'Certification ISTQB Foundation Level (2020)')).toEqual(['Certification ISTQB Foundation Level'])
    expect(titles('Certyfikaty', 'Certyfikat CISSP, 2018')).toEqual(['Certyfikat CISSP'])
    expect(titles('Certificazioni', 'Certificazione Cisco CCNA, 2017')).toEqual(['Certificazione Cisco CCNA'])
  })

  it('keeps a certification\'s own abbreviation, and a period as its validity', () => {
    expect(certifications('Certifications', 'Certified Kubernetes Administrator (CKA), 06/2022 - 06/2025')).toEqual([
      { CertificationTitle: 'Certified Kubernetes Administrator (CKA)', Authority: 'Linux Foundation', StartDate: '01/06/2022', EndDate: '01/06/2025' },
    ])
  })

  it('finds a line elsewhere that names itself a certification, but not a sentence about one', () => {
    expect(titles('Summary', 'Certified Scrum Master (CSM)', 'Experience', 'Scrum Master, Initech Inc, 2018 - present')).toEqual(['Certified Scrum Master (CSM)'])
    expect(titles('Summary', 'Certified Scrum Master with 8 years of experience')).toEqual([])
    // A name may hold its language's joining words in lower case.
    expect(titles('Profil', 'Zertifikat für Projektmanagement (IHK)', 'Certificado de Gestión de Proyectos')).toEqual(['Zertifikat für Projektmanagement (IHK)', 'Certificado de Gestión de Proyectos'])
  })

  it('leaves out courses, memberships, the body alone and what a broken line leaves', () => {
    expect(titles('Certifications', 'Advanced Excel workshop', 'Member, Project Management Institute', 'PROJECT MANAGEMENT INSTITUTE (PMI)', 'Certificate earned on March 16, 2015', 'database manipulation.')).toEqual([])
  })
})
