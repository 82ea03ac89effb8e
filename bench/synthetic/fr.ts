import type { LanguageTemplate } from './template.js'

export const fr: LanguageTemplate = {
  code: 'fr',
  headings: { summary: 'Profil', experience: 'Expérience professionnelle', education: 'Formation', skills: 'Compétences', languages: 'Langues' },
  labels: { phone: 'Téléphone', email: 'E-mail', address: 'Adresse' },
  months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  present: ["aujourd'hui", 'présent', 'ce jour'],
  firstNames: ['Camille', 'Julien', 'Manon', 'Thomas', 'Chloé', 'Nicolas', 'Léa', 'Antoine', 'Inès', 'Mathieu', 'Élodie', 'Karim'],
  lastNames: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Girard', 'Fontaine', 'Rousseau', 'Benali', 'Mercier'],
  cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux', 'Lille', 'Nantes', 'Strasbourg'],
  phone: { isd: '+33', prefixes: ['6 12', '6 45', '7 81', '6 78'], digits: 6 },
  emailDomain: 'example.fr',
  titles: ['Développeur logiciel', 'Infirmière', 'Comptable', 'Chef de projet', 'Technicien de maintenance', 'Commercial', 'Analyste de données', 'Assistante de direction', 'Ingénieur mécanique', 'Responsable logistique', 'Serveur', 'Juriste'],
  employers: ['Capgemini', 'Hôpital Saint-Louis', 'Société Générale', 'Transports Dumoulin SARL', 'Atelier Numérique SAS', 'Groupe Hexagone Assurances', 'Carrefour', 'Hôtel du Parc'],
  degrees: ['Master en informatique', 'Diplôme d\'État d\'infirmier', 'Licence en économie et gestion', 'BTS Comptabilité et gestion', 'Diplôme d\'ingénieur en génie mécanique', 'Baccalauréat scientifique'],
  institutes: ['Université Paris-Saclay', 'Université Claude Bernard Lyon 1', 'Université de Bordeaux', 'Institut de formation en soins infirmiers de Lille', 'INSA Toulouse', 'Lycée Jean Moulin'],
  skills: ['Java', 'SQL', 'comptabilité', 'gestion de projet', 'soins infirmiers', 'Excel', 'relation client', 'SAP', 'maintenance préventive', 'vente', 'Python', 'paie', 'logistique', 'AutoCAD', 'droit du travail', 'Power BI'],
  spokenLanguages: ['Français (langue maternelle)', 'Anglais (courant)', 'Espagnol (notions)', 'Arabe (C1)'],
  summaries: [
    '{title} avec {years} ans d\'expérience, spécialisé en {skill}.',
    'Professionnel rigoureux doté de solides compétences en {skill} et en travail d\'équipe.',
    '{title} motivé, orienté résultats, expérimenté en {skill}.',
  ],
  bullets: [
    'Responsable de {skill} et de la coordination avec les équipes internes.',
    'Mise en place de nouvelles procédures de {skill}, réduction des délais de 20 %.',
    'Accueil des clients et préparation des devis.',
    'Formation des nouveaux collaborateurs à {skill}.',
    'Rédaction de rapports mensuels pour la direction.',
    'Travail au sein d\'une équipe agile de sept personnes.',
  ],
}
