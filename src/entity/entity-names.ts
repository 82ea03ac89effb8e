/** The searchable entity names of spec 2.3, per index type; docs/entities.md says where each comes from. */
export const entityNames = {
  Resume: [
    'ResumeLanguage', 'ResumeCountry', 'FullName', 'TitleName', 'FirstName', 'MiddleName', 'LastName', 'DateOfBirth',
    'Gender', 'MaritalStatus', 'Nationality', 'Category', 'SubCategory', 'CurrentSalary', 'CurrentSalaryCurrency',
    'CurrentSalaryUnit', 'ExpectedSalary', 'ExpectedSalaryCurrency', 'ExpectedSalaryUnit', 'CurrentJobProfile',
    'CurrentEmployer', 'TotalExperienceInMonths', 'TotalExperienceInYear', 'TotalExperienceRange', 'LanguageKnown',
    'Email', 'City', 'State', 'Country', 'ZipCode', 'Institute', 'InstituteCity', 'InstituteState', 'InstituteCountry',
    'HighestDegree', 'Degree', 'LastInstitute', 'SkillHaveExp', 'SkillWithoutExp', 'SkillAlias', 'CurrentEmployerCity',
    'CurrentEmployerState', 'CurrentEmployerCountry', 'LocationType', 'Employer', 'JobProfile', 'JobAlias',
    'CurrentJobAlias', 'EmployerCity', 'EmployerState', 'EmployerCountry', 'CurrentCity', 'CurrentState',
    'CurrentCountry', 'PreferredCity', 'PreferredState', 'PreferredCountry',
  ],
  JD: [
    'JobProfileTitle', 'JobProfileAlias', 'JobProfileFormattedName', 'Organization', 'StaffingAgency', 'JobLocation',
    'JobLocationCity', 'JobLocationState', 'JobLocationCountry', 'JobLocationIsoCountryCode', 'JobLocationZipCode',
    'InterviewType', 'InterviewDate', 'InterviewTime', 'InterviewLocation', 'JobCode', 'JobType', 'JobShift',
    'IndustryType', 'ContractDuration', 'PreferredDemographicNationality', 'PreferredDemographicAgeLimit',
    'MinimumYearsExperience', 'MaximumYearsExperience', 'SalaryMinAmount', 'SalaryMaxAmount', 'Currency', 'Units',
    'Languages', 'Domains', 'QualificationsPreferred', 'QualificationsRequired', 'CertificationsPreferred',
    'CertificationsRequired', 'RequiredSkillSet', 'PreferredSkillSet', 'AliasSkillSet', 'JobProfileRelatedSkills',
  ],
} as const satisfies Record<'Resume' | 'JD', readonly string[]>

export type IndexType = keyof typeof entityNames

export function isEntityName(indexType: IndexType, name: string): boolean {
  return (entityNames[indexType] as readonly string[]).includes(name)
}
