import type { LanguageTemplate } from './template.js'

export const en: LanguageTemplate = {
  code: 'en',
  headings: { summary: 'Professional Summary', experience: 'Work Experience', education: 'Education', skills: 'Skills', languages: 'Languages' },
  labels: { phone: 'Phone', email: 'Email', address: 'Address' },
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  present: ['Present', 'Current', 'now'],
  firstNames: ['Olivia', 'James', 'Amelia', 'Daniel', 'Grace', 'Samuel', 'Chloe', 'Marcus', 'Hannah', 'Ethan', 'Priya', 'Tyrone'],
  lastNames: ['Whitfield', 'Okonkwo', 'Harrington', 'Delaney', 'Brooks', 'Nakamura', 'Fletcher', 'Osei', 'Pemberton', 'Castillo'],
  cities: ['Chicago, IL', 'Austin, TX', 'Manchester', 'Seattle, WA', 'Bristol', 'Boston, MA', 'Denver, CO', 'Edinburgh'],
  phone: { isd: '+1', prefixes: ['312', '512', '206', '617'], digits: 7 },
  emailDomain: 'example.com',
  titles: ['Software Engineer', 'Senior Accountant', 'Registered Nurse', 'Project Manager', 'Data Analyst', 'Sales Representative', 'Mechanical Engineer', 'Marketing Manager', 'Warehouse Supervisor', 'Customer Service Representative', 'Financial Analyst', 'DevOps Engineer'],
  employers: ['Harbor Point Analytics', 'Bluegrass Logistics Inc.', 'St. Mary Regional Hospital', 'Crescent Financial Group', 'Northline Manufacturing', 'Pinecrest Software LLC', 'Redwood Retail Partners', 'Summit Health Partners'],
  degrees: ['Bachelor of Science in Computer Science', 'BA in Economics', 'Master of Business Administration', 'Bachelor of Science in Nursing', 'MSc Mechanical Engineering', 'Associate Degree in Accounting'],
  institutes: ['University of Illinois at Chicago', 'University of Texas at Austin', 'University of Manchester', 'Boston University', 'University of Washington', 'Colorado State University'],
  skills: ['Python', 'SQL', 'Excel', 'Salesforce', 'AWS', 'Kubernetes', 'financial reporting', 'patient care', 'project management', 'AutoCAD', 'Tableau', 'customer service', 'Java', 'negotiation', 'inventory management', 'budgeting'],
  spokenLanguages: ['English (native)', 'Spanish (intermediate)', 'French (basic)', 'German (B1)'],
  summaries: [
    '{title} with {years} years of experience delivering results in fast-paced environments.',
    'Detail-oriented {title} skilled in {skill} and cross-functional collaboration.',
    'Results-driven professional with a track record in {skill} and team leadership.',
  ],
  bullets: [
    'Led a team of 6 to deliver {skill} initiatives on time and under budget.',
    'Improved reporting accuracy by 25% using {skill}.',
    'Trained new staff on {skill} and internal processes.',
    'Collaborated with stakeholders to define requirements and priorities.',
    'Reduced processing time by 30% by automating manual steps with {skill}.',
    'Managed daily operations and prepared weekly status reports for management.',
  ],
}
