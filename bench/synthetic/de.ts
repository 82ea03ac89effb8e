import type { LanguageTemplate } from './template.js'

export const de: LanguageTemplate = {
  code: 'de',
  headings: { summary: 'Profil', experience: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse', languages: 'Sprachkenntnisse' },
  labels: { phone: 'Telefon', email: 'E-Mail', address: 'Anschrift' },
  months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  present: ['heute', 'aktuell', 'jetzt'],
  firstNames: ['Lukas', 'Anna', 'Felix', 'Sophie', 'Jonas', 'Laura', 'Maximilian', 'Lea', 'Tobias', 'Katharina', 'Jürgen', 'Merve'],
  lastNames: ['Müller', 'Schneider', 'Hoffmann', 'Becker', 'Schäfer', 'Krüger', 'Wagner', 'Zimmermann', 'Yılmaz', 'Hartmann'],
  cities: ['München', 'Berlin', 'Hamburg', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Leipzig', 'Dresden'],
  phone: { isd: '+49', prefixes: ['151', '160', '171', '176'], digits: 8 },
  emailDomain: 'example.de',
  titles: ['Softwareentwickler', 'Buchhalterin', 'Gesundheits- und Krankenpfleger', 'Projektleiter', 'Vertriebsmitarbeiterin', 'Maschinenbauingenieur', 'Lagerleiter', 'Industriekaufmann', 'Elektriker', 'Personalreferentin', 'Marketingmanager', 'Steuerfachangestellte'],
  employers: ['Siemens AG', 'Feldmark Logistik GmbH', 'Klinikum Nordstadt', 'Bergmann & Söhne KG', 'Rheinland Software GmbH', 'Stadtwerke Mittelbach', 'Alpenblick Versicherung AG', 'Hansa Maschinenbau GmbH'],
  degrees: ['Bachelor of Science Informatik', 'Master of Arts Betriebswirtschaftslehre', 'Diplom-Ingenieur Maschinenbau', 'Ausbildung zum Industriekaufmann', 'Staatsexamen Pflege', 'Abitur'],
  institutes: ['Technische Universität München', 'Universität Hamburg', 'Hochschule für Technik Stuttgart', 'Freie Universität Berlin', 'Universität zu Köln', 'IHK Leipzig'],
  skills: ['Java', 'SAP', 'Buchhaltung', 'Projektmanagement', 'Excel', 'Python', 'Intensivpflege', 'Lagerverwaltung', 'Vertrieb', 'CAD', 'Lohnbuchhaltung', 'Kundenbetreuung', 'Docker', 'Qualitätsmanagement', 'SPS-Programmierung', 'Controlling'],
  spokenLanguages: ['Deutsch (Muttersprache)', 'Englisch (fließend)', 'Französisch (Grundkenntnisse)', 'Türkisch (C1)'],
  summaries: [
    'Erfahrener {title} mit {years} Jahren Berufserfahrung und Schwerpunkt {skill}.',
    'Zuverlässige Fachkraft mit fundierten Kenntnissen in {skill} und Teamführung.',
    '{title} mit Leidenschaft für Qualität, Prozessoptimierung und {skill}.',
  ],
  bullets: [
    'Verantwortlich für {skill} und die Abstimmung mit internen Fachabteilungen.',
    'Einführung neuer Prozesse im Bereich {skill}, Reduzierung der Durchlaufzeit um 20 %.',
    'Betreuung von Kunden und Erstellung von Angeboten.',
    'Einarbeitung und fachliche Anleitung von neuen Mitarbeitern in {skill}.',
    'Erstellung monatlicher Berichte für die Geschäftsführung.',
    'Mitarbeit in einem agilen Team mit sechs Kolleginnen und Kollegen.',
  ],
}
