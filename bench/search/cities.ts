/**
 * Where the synthetic candidates live: ~200 real cities of our six markets, largest first within each
 * resume language (so a Zipf draw over a list makes the capital common and small towns a long tail).
 * Written "City, Country" so the gazetteer resolves namesakes to the right one.
 */
export const citiesByLanguage: Record<'en' | 'de' | 'es' | 'fr' | 'pl' | 'it', string[]> = {
  en: [
    'New York, United States', 'London, United Kingdom', 'Los Angeles, United States', 'Chicago, United States', 'Houston, United States',
    'Phoenix, United States', 'Philadelphia, United States', 'San Antonio, United States', 'San Diego, United States', 'Dallas, United States',
    'Manchester, United Kingdom', 'Birmingham, United Kingdom', 'San Jose, United States', 'Austin, United States', 'Jacksonville, United States',
    'Dublin, Ireland', 'Columbus, United States', 'Charlotte, United States', 'San Francisco, United States', 'Indianapolis, United States',
    'Seattle, United States', 'Denver, United States', 'Glasgow, United Kingdom', 'Leeds, United Kingdom', 'Boston, United States',
    'Nashville, United States', 'Detroit, United States', 'Portland, United States', 'Las Vegas, United States', 'Edinburgh, United Kingdom',
    'Liverpool, United Kingdom', 'Bristol, United Kingdom', 'Baltimore, United States', 'Milwaukee, United States', 'Atlanta, United States',
    'Miami, United States', 'Minneapolis, United States', 'Cork, Ireland', 'Cardiff, United Kingdom', 'Pittsburgh, United States',
    'Cincinnati, United States', 'Sheffield, United Kingdom', 'Raleigh, United States', 'Belfast, United Kingdom', 'Salt Lake City, United States',
    'Nottingham, United Kingdom', 'Newcastle upon Tyne, United Kingdom', 'Tampa, United States', 'Cleveland, United States', 'Leicester, United Kingdom',
  ],
  de: [
    'Berlin, Germany', 'Hamburg, Germany', 'München, Germany', 'Wien, Austria', 'Köln, Germany', 'Frankfurt am Main, Germany', 'Zürich, Switzerland',
    'Stuttgart, Germany', 'Düsseldorf, Germany', 'Leipzig, Germany', 'Dortmund, Germany', 'Essen, Germany', 'Bremen, Germany', 'Dresden, Germany',
    'Hannover, Germany', 'Nürnberg, Germany', 'Graz, Austria', 'Duisburg, Germany', 'Bochum, Germany', 'Wuppertal, Germany', 'Bielefeld, Germany',
    'Bonn, Germany', 'Genf, Switzerland', 'Münster, Germany', 'Basel, Switzerland', 'Mannheim, Germany', 'Karlsruhe, Germany', 'Linz, Austria',
    'Augsburg, Germany', 'Wiesbaden, Germany', 'Bern, Switzerland', 'Aachen, Germany', 'Salzburg, Austria', 'Kiel, Germany', 'Freiburg im Breisgau, Germany',
    'Mainz, Germany', 'Rostock, Germany', 'Innsbruck, Austria', 'Regensburg, Germany', 'Ulm, Germany',
  ],
  es: [
    'Madrid, Spain', 'Barcelona, Spain', 'Valencia, Spain', 'Sevilla, Spain', 'Zaragoza, Spain', 'Málaga, Spain', 'Murcia, Spain',
    'Palma, Spain', 'Las Palmas de Gran Canaria, Spain', 'Bilbao, Spain', 'Alicante, Spain', 'Córdoba, Spain', 'Valladolid, Spain', 'Vigo, Spain',
    'Gijón, Spain', 'A Coruña, Spain', 'Granada, Spain', 'Vitoria-Gasteiz, Spain', 'Elche, Spain', 'Oviedo, Spain', 'Santa Cruz de Tenerife, Spain',
    'Pamplona, Spain', 'Almería, Spain', 'San Sebastián, Spain', 'Burgos, Spain', 'Santander, Spain', 'Castellón de la Plana, Spain',
    'Albacete, Spain', 'Logroño, Spain', 'Badajoz, Spain', 'Salamanca, Spain', 'Huelva, Spain', 'Tarragona, Spain', 'León, Spain', 'Cádiz, Spain',
  ],
  fr: [
    'Paris, France', 'Marseille, France', 'Lyon, France', 'Toulouse, France', 'Nice, France', 'Bruxelles, Belgium', 'Nantes, France',
    'Strasbourg, France', 'Montpellier, France', 'Bordeaux, France', 'Lille, France', 'Rennes, France', 'Reims, France', 'Liège, Belgium',
    'Toulon, France', 'Saint-Étienne, France', 'Le Havre, France', 'Grenoble, France', 'Dijon, France', 'Angers, France', 'Nîmes, France',
    'Genève, Switzerland', 'Clermont-Ferrand, France', 'Le Mans, France', 'Aix-en-Provence, France', 'Brest, France', 'Tours, France',
    'Amiens, France', 'Limoges, France', 'Charleroi, Belgium', 'Perpignan, France', 'Metz, France', 'Besançon, France', 'Orléans, France',
    'Rouen, France', 'Mulhouse, France', 'Caen, France', 'Nancy, France', 'Lausanne, Switzerland', 'Namur, Belgium',
  ],
  pl: [
    'Warszawa, Poland', 'Kraków, Poland', 'Wrocław, Poland', 'Łódź, Poland', 'Poznań, Poland', 'Gdańsk, Poland', 'Szczecin, Poland',
    'Bydgoszcz, Poland', 'Lublin, Poland', 'Białystok, Poland', 'Katowice, Poland', 'Gdynia, Poland', 'Częstochowa, Poland', 'Radom, Poland',
    'Rzeszów, Poland', 'Toruń, Poland', 'Sosnowiec, Poland', 'Kielce, Poland', 'Gliwice, Poland', 'Olsztyn, Poland', 'Zabrze, Poland',
    'Bielsko-Biała, Poland', 'Bytom, Poland', 'Zielona Góra, Poland', 'Rybnik, Poland', 'Opole, Poland', 'Elbląg, Poland', 'Płock, Poland',
  ],
  it: [
    'Roma, Italy', 'Milano, Italy', 'Napoli, Italy', 'Torino, Italy', 'Palermo, Italy', 'Genova, Italy', 'Bologna, Italy', 'Firenze, Italy',
    'Bari, Italy', 'Catania, Italy', 'Verona, Italy', 'Venezia, Italy', 'Messina, Italy', 'Padova, Italy', 'Trieste, Italy', 'Parma, Italy',
    'Brescia, Italy', 'Prato, Italy', 'Taranto, Italy', 'Modena, Italy', 'Reggio Calabria, Italy', 'Reggio Emilia, Italy', 'Perugia, Italy',
    'Livorno, Italy', 'Ravenna, Italy', 'Cagliari, Italy', 'Foggia, Italy', 'Rimini, Italy', 'Salerno, Italy', 'Ferrara, Italy',
    'Bergamo, Italy', 'Trento, Italy', 'Vicenza, Italy',
  ],
}
