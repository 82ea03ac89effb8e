import type { LanguageTemplate } from './template.js'

export const pl: LanguageTemplate = {
  code: 'pl',
  headings: { summary: 'Podsumowanie', experience: 'Doświadczenie zawodowe', education: 'Wykształcenie', skills: 'Umiejętności', languages: 'Języki obce' },
  labels: { phone: 'Telefon', email: 'E-mail', address: 'Adres' },
  months: ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień'],
  present: ['obecnie', 'nadal', 'teraz'],
  firstNames: ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Magdalena', 'Krzysztof', 'Agnieszka', 'Michał', 'Joanna', 'Łukasz', 'Zofia', 'Paweł'],
  lastNames: ['Kowalska', 'Nowak', 'Wiśniewski', 'Wójcik', 'Kamińska', 'Lewandowski', 'Zielińska', 'Szymański', 'Dąbrowska', 'Kozłowski'],
  cities: ['Warszawa', 'Kraków', 'Wrocław', 'Poznań', 'Gdańsk', 'Łódź', 'Katowice', 'Lublin'],
  phone: { isd: '+48', prefixes: ['601', '512', '698', '733'], digits: 6 },
  emailDomain: 'example.pl',
  titles: ['Programista', 'Pielęgniarka', 'Księgowa', 'Kierownik projektu', 'Technik utrzymania ruchu', 'Przedstawiciel handlowy', 'Analityk danych', 'Specjalista ds. kadr i płac', 'Inżynier mechanik', 'Magazynier', 'Kelner', 'Radca prawny'],
  employers: ['Allegro', 'Szpital Wojewódzki w Poznaniu', 'PKO Bank Polski', 'Trans-Pol Logistyka Sp. z o.o.', 'Softwarehouse Wisła Sp. z o.o.', 'Orlen S.A.', 'Biedronka', 'Hotel Pod Wawelem'],
  degrees: ['Magister inżynier informatyki', 'Licencjat pielęgniarstwa', 'Magister ekonomii', 'Inżynier mechaniki i budowy maszyn', 'Technik ekonomista', 'Magister prawa'],
  institutes: ['Politechnika Warszawska', 'Uniwersytet Jagielloński', 'Uniwersytet Ekonomiczny we Wrocławiu', 'Politechnika Gdańska', 'Uniwersytet Medyczny w Łodzi', 'Akademia Górniczo-Hutnicza'],
  skills: ['Java', 'SQL', 'księgowość', 'zarządzanie projektami', 'Excel', 'obsługa klienta', 'SAP', 'Python', 'kadry i płace', 'logistyka', 'AutoCAD', 'sprzedaż', 'Docker', 'prawo pracy', 'utrzymanie ruchu', 'Power BI'],
  spokenLanguages: ['Polski (ojczysty)', 'Angielski (B2)', 'Niemiecki (podstawowy)', 'Rosyjski (C1)'],
  summaries: [
    '{title} z {years}-letnim doświadczeniem, specjalizacja: {skill}.',
    'Sumienny specjalista z dobrą znajomością {skill} i pracy zespołowej.',
    '{title} nastawiony na wyniki, z doświadczeniem w obszarze {skill}.',
  ],
  bullets: [
    'Odpowiedzialność za {skill} oraz współpracę z innymi działami.',
    'Wdrożenie usprawnień w obszarze {skill}, skrócenie czasu realizacji o 20%.',
    'Obsługa klientów i przygotowywanie ofert.',
    'Szkolenie nowych pracowników z zakresu {skill}.',
    'Przygotowywanie miesięcznych raportów dla zarządu.',
    'Praca w zespole Scrum liczącym sześć osób.',
  ],
}
