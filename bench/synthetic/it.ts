import type { LanguageTemplate } from './template.js'

export const it: LanguageTemplate = {
  code: 'it',
  headings: { summary: 'Profilo', experience: 'Esperienza professionale', education: 'Istruzione e formazione', skills: 'Competenze', languages: 'Lingue' },
  labels: { phone: 'Telefono', email: 'E-mail', address: 'Indirizzo' },
  months: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  present: ['oggi', 'attuale', 'in corso'],
  firstNames: ['Giulia', 'Marco', 'Francesca', 'Alessandro', 'Chiara', 'Luca', 'Sara', 'Matteo', 'Elisa', 'Davide', 'Martina', 'Niccolò'],
  lastNames: ['Rossi', 'Bianchi', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'De Luca'],
  cities: ['Milano', 'Roma', 'Torino', 'Napoli', 'Bologna', 'Firenze', 'Genova', 'Verona'],
  phone: { isd: '+39', prefixes: ['333', '347', '320', '389'], digits: 7 },
  emailDomain: 'example.it',
  titles: ['Sviluppatore software', 'Infermiera', 'Contabile', 'Project manager', 'Tecnico manutentore', 'Agente di commercio', 'Analista dati', 'Impiegata amministrativa', 'Ingegnere meccanico', 'Magazziniere', 'Cameriere', 'Avvocato'],
  employers: ['Enel', 'Ospedale San Raffaele', 'Intesa Sanpaolo', 'Logistica Padana S.r.l.', 'Soluzioni Informatiche Adriatiche S.r.l.', 'Fincantieri S.p.A.', 'Esselunga', 'Hotel Bellavista'],
  degrees: ['Laurea magistrale in Ingegneria Informatica', 'Laurea in Infermieristica', 'Laurea triennale in Economia aziendale', 'Master in Finanza', 'Diploma di ragioneria', 'Laurea magistrale in Giurisprudenza'],
  institutes: ['Politecnico di Milano', 'Università di Bologna', 'Sapienza Università di Roma', 'Università degli Studi di Torino', 'Università di Napoli Federico II', 'Istituto Tecnico Commerciale Cattaneo'],
  skills: ['Java', 'SQL', 'contabilità', 'gestione progetti', 'Excel', 'assistenza clienti', 'SAP', 'Python', 'paghe e contributi', 'logistica', 'AutoCAD', 'vendite', 'manutenzione preventiva', 'diritto del lavoro', 'Power BI', 'terapia intensiva'],
  spokenLanguages: ['Italiano (madrelingua)', 'Inglese (B2)', 'Spagnolo (base)', 'Tedesco (A2)'],
  summaries: [
    '{title} con {years} anni di esperienza e specializzazione in {skill}.',
    'Professionista affidabile con solide competenze di {skill} e lavoro di squadra.',
    '{title} orientato ai risultati, con esperienza in {skill}.',
  ],
  bullets: [
    'Responsabile di {skill} e del coordinamento con gli altri reparti.',
    'Introduzione di miglioramenti in {skill}, con riduzione dei tempi del 20%.',
    'Gestione dei clienti e preparazione dei preventivi.',
    'Formazione dei nuovi colleghi su {skill}.',
    'Redazione di report mensili per la direzione.',
    'Lavoro in un team agile di sei persone.',
  ],
}
