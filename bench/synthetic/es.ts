import type { LanguageTemplate } from './template.js'

export const es: LanguageTemplate = {
  code: 'es',
  headings: { summary: 'Perfil profesional', experience: 'Experiencia profesional', education: 'Formación académica', skills: 'Habilidades', languages: 'Idiomas' },
  labels: { phone: 'Teléfono', email: 'Correo electrónico', address: 'Dirección' },
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  present: ['actualidad', 'presente', 'la fecha'],
  firstNames: ['Lucía', 'Javier', 'Carmen', 'Alejandro', 'Marta', 'Pablo', 'Elena', 'Sergio', 'Paula', 'Diego', 'Nuria', 'Andrés'],
  lastNames: ['García López', 'Martínez Ruiz', 'Fernández', 'Sánchez Gil', 'Romero', 'Navarro Díaz', 'Torres', 'Moreno Castro', 'Jiménez', 'Ortega'],
  cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Bilbao', 'Málaga', 'Valladolid'],
  phone: { isd: '+34', prefixes: ['612', '655', '690', '722'], digits: 6 },
  emailDomain: 'example.es',
  titles: ['Desarrollador de software', 'Enfermera', 'Contable', 'Jefe de proyecto', 'Técnico de mantenimiento', 'Comercial', 'Analista de datos', 'Administrativa', 'Ingeniero industrial', 'Responsable de almacén', 'Camarero', 'Abogada'],
  employers: ['Telefónica', 'Hospital Universitario La Paz', 'Grupo Mediterráneo de Logística S.L.', 'Banco Santander', 'Construcciones Ibéricas S.A.', 'Soluciones Digitales Levante S.L.', 'Mercadona', 'Hotel Costa Azul'],
  degrees: ['Grado en Ingeniería Informática', 'Grado en Enfermería', 'Licenciatura en Administración y Dirección de Empresas', 'Máster en Finanzas', 'Ciclo Formativo de Grado Superior en Administración', 'Grado en Derecho'],
  institutes: ['Universidad Complutense de Madrid', 'Universitat de Barcelona', 'Universidad de Sevilla', 'Universidad Politécnica de Valencia', 'Universidad de Zaragoza', 'IES Juan de Herrera'],
  skills: ['Java', 'SQL', 'contabilidad', 'cuidados intensivos', 'gestión de proyectos', 'Excel', 'atención al cliente', 'SAP', 'mantenimiento preventivo', 'ventas', 'Python', 'nóminas', 'logística', 'AutoCAD', 'Power BI', 'derecho laboral'],
  spokenLanguages: ['Español (nativo)', 'Inglés (B2)', 'Francés (básico)', 'Catalán (C1)'],
  summaries: [
    '{title} con {years} años de experiencia y especialización en {skill}.',
    'Profesional proactivo con sólidos conocimientos de {skill} y trabajo en equipo.',
    '{title} orientado a resultados, con experiencia en {skill}.',
  ],
  bullets: [
    'Responsable de {skill} y coordinación con otros departamentos.',
    'Implantación de mejoras en {skill} que redujeron los costes un 15 %.',
    'Atención a clientes y elaboración de presupuestos.',
    'Formación de nuevos empleados en {skill}.',
    'Elaboración de informes mensuales para la dirección.',
    'Participación en un equipo de ocho personas con metodología ágil.',
  ],
}
