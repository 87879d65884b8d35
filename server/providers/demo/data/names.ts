import type { NationKey } from './types.ts';

/**
 * Name pools for the demo's invented players, coaches and referees, by nation. Names are combined at
 * random, so FAMOUS_COMBINATIONS lists real, well-known footballers the generator must never produce:
 * the demo's people are fictional.
 */
export interface NamePool {
  first: readonly string[];
  last: readonly string[];
  cities: readonly string[];
}

export const NAME_POOLS: Record<NationKey, NamePool> = {
  ecuador: {
    first: ['Juan', 'Carlos', 'José', 'Luis', 'Jorge', 'Diego', 'Andrés', 'Kevin', 'Bryan', 'Jhon', 'Jordan', 'Jefferson',
      'Cristian', 'Anthony', 'Joao', 'Alexander', 'Daniel', 'Fernando', 'Jonathan', 'Édison', 'Washington', 'Segundo',
      'Marlon', 'Byron', 'Wilmer', 'Darwin', 'Michael', 'Erick', 'Stiven', 'Pedro', 'Miguel', 'Ángel', 'Mateo',
      'Sebastián', 'Óscar', 'Walter', 'Franklin', 'Holger', 'Geovanny', 'Renato', 'Anderson', 'Janner', 'Jhojan',
      'Alexis', 'Freddy', 'Édgar', 'Patricio', 'Ronald', 'Henry', 'Johan', 'Luis Fernando', 'Juan Carlos', 'José Luis'],
    last: ['Caicedo', 'Valencia', 'Estupiñán', 'Preciado', 'Arboleda', 'Angulo', 'Quiñónez', 'Cortez', 'Hurtado', 'Mina',
      'Ordóñez', 'Castillo', 'Cifuentes', 'Mena', 'Ibarra', 'Pérez', 'Vera', 'Andrade', 'Cevallos', 'Carcelén',
      'Alcívar', 'Zambrano', 'Mendoza', 'Chalá', 'Vite', 'Bustos', 'Yépez', 'Guerrero', 'Espinoza', 'Montaño', 'Corozo',
      'Borja', 'Nazareno', 'Perlaza', 'Bone', 'Cabezas', 'Mercado', 'Intriago', 'Lastra', 'Pineida', 'León', 'Jaramillo',
      'Loor', 'Arroyo', 'Villón', 'Alvarado', 'Macías', 'Moreira', 'Cedeño', 'Reasco', 'Tenorio', 'Chicaiza', 'Caranqui',
      'Tapia', 'Ramírez', 'Rodríguez', 'Villacís', 'Benítez', 'Paredes', 'Lara', 'Achilier', 'Mosquera', 'Palacios',
      'Chila', 'Segura', 'Burbano', 'Bolaños', 'Tamayo', 'Ayoví', 'Valdez', 'Ortiz', 'Quintero', 'Salazar', 'Medina', 'Ponce'],
    cities: ['Guayaquil', 'Quito', 'Esmeraldas', 'San Lorenzo', 'Ibarra', 'Cuenca', 'Manta', 'Portoviejo', 'Machala',
      'Ambato', 'Santo Domingo', 'Babahoyo', 'Loja', 'Quevedo', 'Milagro', 'Riobamba', 'Latacunga', 'Tulcán', 'Lago Agrio'],
  },
  argentina: {
    first: ['Lucas', 'Matías', 'Facundo', 'Nicolás', 'Santiago', 'Tomás', 'Franco', 'Gonzalo', 'Agustín', 'Ezequiel',
      'Federico', 'Mauro', 'Leandro', 'Joaquín', 'Maximiliano', 'Emiliano', 'Julián', 'Rodrigo', 'Nahuel', 'Gastón',
      'Ignacio', 'Bruno', 'Valentín', 'Thiago', 'Marcos', 'Germán', 'Hernán', 'Cristian', 'Lisandro', 'Iván'],
    last: ['González', 'Fernández', 'López', 'Gómez', 'Díaz', 'Sánchez', 'Romero', 'Sosa', 'Álvarez', 'Torres', 'Ruiz',
      'Flores', 'Acosta', 'Benítez', 'Medina', 'Herrera', 'Aguirre', 'Giménez', 'Gutiérrez', 'Pereyra', 'Rojas', 'Molina',
      'Castro', 'Ortiz', 'Núñez', 'Luna', 'Juárez', 'Cabrera', 'Ríos', 'Ferreyra', 'Godoy', 'Morales', 'Domínguez',
      'Moreno', 'Peralta', 'Vega', 'Carrizo', 'Quiroga', 'Coronel', 'Ledesma', 'Paz', 'Figueroa', 'Vázquez', 'Barrios', 'Lencina'],
    cities: ['Buenos Aires', 'Rosario', 'Córdoba', 'La Plata', 'Mendoza', 'Santa Fe', 'Mar del Plata', 'San Miguel de Tucumán',
      'Salta', 'Bahía Blanca', 'Paraná', 'Avellaneda'],
  },
  brazil: {
    first: ['Gabriel', 'Lucas', 'Matheus', 'Pedro', 'Rafael', 'Vitor', 'Guilherme', 'Gustavo', 'Felipe', 'Bruno', 'Thiago',
      'Caio', 'João', 'Diego', 'Leonardo', 'Rodrigo', 'Vinícius', 'Eduardo', 'André', 'Henrique', 'Igor', 'Murilo',
      'Wesley', 'Luan', 'Danilo', 'Everton', 'Douglas', 'Renan', 'Fabrício', 'Marcos'],
    last: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Ferreira', 'Costa', 'Rodrigues', 'Almeida',
      'Nascimento', 'Carvalho', 'Araújo', 'Ribeiro', 'Gomes', 'Martins', 'Rocha', 'Barbosa', 'Cardoso', 'Teixeira',
      'Moreira', 'Mendes', 'Freitas', 'Correia', 'Cavalcanti', 'Dias', 'Castro', 'Campos', 'Pinto', 'Batista', 'Monteiro',
      'Moura', 'Vieira', 'Nunes', 'Fonseca'],
    cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Porto Alegre', 'Salvador', 'Recife', 'Fortaleza', 'Curitiba',
      'Goiânia', 'Campinas', 'Manaus', 'Belém', 'Santos'],
  },
  uruguay: {
    first: ['Agustín', 'Facundo', 'Diego', 'Nicolás', 'Matías', 'Sebastián', 'Rodrigo', 'Federico', 'Maximiliano', 'Gonzalo',
      'Brian', 'Kevin', 'Emiliano', 'Joaquín', 'Martín', 'Santiago', 'Franco', 'Guillermo'],
    last: ['Rodríguez', 'Fernández', 'Silva', 'Pereira', 'Cabrera', 'De León', 'Olivera', 'Castro', 'Méndez', 'Sosa',
      'Núñez', 'Acosta', 'Martínez', 'Píriz', 'Arismendi', 'Cardozo', 'Techera', 'Viera', 'Correa', 'Da Silva', 'Rivero'],
    cities: ['Montevideo', 'Salto', 'Paysandú', 'Rivera', 'Maldonado', 'Tacuarembó', 'Artigas', 'Canelones'],
  },
  paraguay: {
    first: ['Richard', 'Óscar', 'Juan', 'Miguel', 'Fabián', 'Rodrigo', 'Diego', 'Blas', 'Iván', 'Hernán', 'Ángel', 'Braian',
      'Gustavo', 'Alberto', 'Julio', 'Néstor', 'Robert', 'Marcelo'],
    last: ['Benítez', 'Villalba', 'Cáceres', 'Giménez', 'Duarte', 'Ortiz', 'Ayala', 'Riveros', 'Rojas', 'Cardozo', 'Aquino',
      'Espínola', 'Báez', 'Rolón', 'Galeano', 'Alonso', 'Acuña', 'Torres', 'Insaurralde', 'Sanabria'],
    cities: ['Asunción', 'Luque', 'Ciudad del Este', 'Encarnación', 'San Lorenzo', 'Capiatá', 'Itauguá', 'Pedro Juan Caballero'],
  },
  colombia: {
    first: ['Juan David', 'Andrés Felipe', 'Jhon', 'Carlos', 'Luis', 'Jorge', 'Yerson', 'Kevin', 'Brayan', 'Déiver',
      'Jefferson', 'Daniel', 'Sebastián', 'Cristian', 'Wílmar', 'Edwin', 'Yeison', 'Duván', 'Juan Camilo', 'Felipe'],
    last: ['Rodríguez', 'Gómez', 'Hernández', 'Mosquera', 'Palacios', 'Murillo', 'Cuesta', 'Córdoba', 'Valencia', 'Castro',
      'Moreno', 'Rentería', 'Zapata', 'Arias', 'Ospina', 'Quintero', 'Sánchez', 'Perea', 'Rivas', 'Lucumí', 'Asprilla', 'Uribe'],
    cities: ['Cali', 'Medellín', 'Bogotá', 'Barranquilla', 'Cartagena', 'Tumaco', 'Quibdó', 'Buenaventura', 'Apartadó',
      'Santa Marta', 'Pereira'],
  },
  chile: {
    first: ['Felipe', 'Diego', 'Matías', 'Nicolás', 'Cristóbal', 'Vicente', 'Benjamín', 'Ignacio', 'Javier', 'Marcelo',
      'Esteban', 'Claudio', 'Bastián', 'Joaquín', 'Mauricio'],
    last: ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales',
      'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela', 'Castillo', 'Tapia', 'Reyes',
      'Gutiérrez', 'Pizarro', 'Carrasco', 'Núñez', 'Jara', 'Orellana'],
    cities: ['Santiago', 'Valparaíso', 'Concepción', 'Antofagasta', 'Temuco', 'La Serena', 'Rancagua', 'Talca', 'Iquique', 'Puerto Montt'],
  },
  peru: {
    first: ['Luis', 'Christian', 'Alexander', 'Yoshimar', 'Jesús', 'Wilder', 'Carlos', 'Edison', 'André', 'Aldo', 'Pedro',
      'Horacio', 'Bryan', 'Raziel', 'Joao', 'Renzo', 'Diego'],
    last: ['Quispe', 'Flores', 'Ramos', 'Huamán', 'Mendoza', 'Chávez', 'Vásquez', 'Rojas', 'Cárdenas', 'Gallardo', 'Castillo',
      'Zambrano', 'Valera', 'Polo', 'Peña', 'Callens', 'Santamaría', 'Carrillo', 'Cartagena', 'Aquino', 'Cruzado'],
    cities: ['Lima', 'Callao', 'Arequipa', 'Trujillo', 'Chiclayo', 'Piura', 'Cusco', 'Huancayo', 'Chimbote'],
  },
  venezuela: {
    first: ['Yordan', 'José', 'Jhon', 'Eduardo', 'Yangel', 'Tomás', 'Darwin', 'Rómulo', 'Jefferson', 'Alexander', 'Luis',
      'Jan', 'Cristian', 'Kervin', 'Samuel', 'Andrés'],
    last: ['Herrera', 'Martínez', 'Hernández', 'Osorio', 'Navarro', 'Aramburu', 'Cásseres', 'Romo', 'Bello', 'González',
      'Mago', 'Sosa', 'Chacón', 'Villanueva', 'Peña', 'Rivas', 'Lucena', 'Aponte', 'Quintero'],
    cities: ['Caracas', 'Maracaibo', 'Valencia', 'Barquisimeto', 'Mérida', 'San Cristóbal', 'Maturín', 'Puerto La Cruz', 'Ciudad Guayana'],
  },
  bolivia: {
    first: ['Carlos', 'Marcelo', 'Diego', 'Ramiro', 'Leonel', 'Henry', 'Boris', 'Miguel', 'Fernando', 'Gabriel', 'Jesús',
      'Roberto', 'Erwin', 'Juan Carlos', 'Víctor', 'Luis'],
    last: ['Mamani', 'Quispe', 'Vaca', 'Justiniano', 'Saavedra', 'Flores', 'Arce', 'Chura', 'Villarroel', 'Suárez', 'Paz',
      'Céspedes', 'Haquin', 'Algarañaz', 'Terceros', 'Vargas', 'Ribera', 'Torrico', 'Zenteno', 'Sagredo'],
    cities: ['La Paz', 'Santa Cruz de la Sierra', 'Cochabamba', 'Sucre', 'Oruro', 'Tarija', 'Potosí', 'El Alto', 'Trinidad'],
  },
  mexico: {
    first: ['José', 'Luis', 'Jesús', 'Carlos', 'Diego', 'Érick', 'Uriel', 'Jorge', 'Alexis', 'César', 'Santiago', 'Julián',
      'Roberto', 'Israel', 'Kevin', 'Emilio'],
    last: ['Hernández', 'García', 'Martínez', 'López', 'González', 'Rodríguez', 'Sánchez', 'Ramírez', 'Flores', 'Gutiérrez',
      'Vega', 'Álvarez', 'Montes', 'Reyes', 'Huerta', 'Lira', 'Chávez', 'Alvarado', 'Navarro'],
    cities: ['Guadalajara', 'Ciudad de México', 'Monterrey', 'Puebla', 'Toluca', 'León', 'Culiacán', 'Tijuana'],
  },
  usa: {
    first: ['Tyler', 'Brandon', 'Jordan', 'Tim', 'Chris', 'Zack', 'Ryan', 'Matt', 'Josh', 'Jake', 'Miles', 'Caleb', 'Aidan',
      'Luca', 'Malik', 'Dante', 'Cole', 'Sean', 'Owen'],
    last: ['Johnson', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Thompson',
      'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Allen', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker'],
    cities: ['Los Angeles', 'Houston', 'Dallas', 'New York', 'Chicago', 'Atlanta', 'Seattle', 'Philadelphia'],
  },
  morocco: {
    first: ['Youssef', 'Ayoub', 'Hamza', 'Ilias', 'Amine', 'Anass', 'Bilal', 'Mehdi', 'Nayef', 'Oussama', 'Reda', 'Soufiane',
      'Zakaria', 'Adam', 'Walid', 'Ismael'],
    last: ['El Idrissi', 'Benali', 'Amrani', 'Tazi', 'Alaoui', 'Bennani', 'Chraibi', 'El Fassi', 'Ouazzani', 'Berrada',
      'Lahlou', 'Bouzid', 'Haddadi', 'Saidi', 'Rahmani', 'Kabbaj', 'Mansouri'],
    cities: ['Casablanca', 'Rabat', 'Fez', 'Marrakesh', 'Tangier', 'Agadir'],
  },
  canada: {
    first: ['Liam', 'Noah', 'Ethan', 'Jacob', 'Owen', 'Nathan', 'Samuel', 'Mathieu', 'Olivier', 'Félix', 'Tristan', 'Kyle',
      'Derek', 'Marcus', 'Isaac'],
    last: ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet',
      'Smith', 'Brown', 'Campbell', 'Stewart', 'MacDonald'],
    cities: ['Toronto', 'Montreal', 'Vancouver', 'Calgary', 'Edmonton', 'Ottawa'],
  },
  costarica: {
    first: ['Celso', 'Francisco', 'Randall', 'Kendall', 'Jewison', 'Orlando', 'Ariel', 'Allan', 'Johan', 'Anthony',
      'Álvaro', 'Manfred', 'Josué', 'Warren'],
    last: ['Vargas', 'Rojas', 'Solano', 'Mora', 'Araya', 'Chacón', 'Quesada', 'Alfaro', 'Calvo', 'Venegas', 'Leal', 'Zúñiga',
      'Salas', 'Brenes', 'Badilla', 'Ugalde', 'Cubero', 'Madrigal'],
    cities: ['San José', 'Alajuela', 'Heredia', 'Cartago', 'Limón', 'Puntarenas'],
  },
};

/** Real players whose names random combination could otherwise produce. */
export const FAMOUS_COMBINATIONS: ReadonlySet<string> = new Set([
  'Moisés Caicedo', 'Enner Valencia', 'Pervis Estupiñán', 'Piero Hincapié', 'Kendry Páez', 'Willian Pacho', 'Gonzalo Plata',
  'Ángel Mena', 'Jeremy Sarmiento', 'Alan Franco', 'Carlos Gruezo', 'Félix Torres', 'Hernán Galíndez', 'Alexander Domínguez',
  'Kevin Rodríguez', 'Jhegson Méndez', 'John Yeboah', 'Leonardo Campana', 'Alan Minda', 'Nilson Angulo', 'Jordy Caicedo',
  'Michael Estrada', 'Robert Arboleda', 'Xavier Arreaga', 'Byron Castillo', 'Ángelo Preciado', 'Joel Ordóñez',
  'Jackson Porozo', 'Romario Ibarra', 'Jordy Alcívar', 'Antonio Valencia', 'Luis Valencia', 'Édison Méndez', 'Christian Benítez',
  'Felipe Caicedo', 'Segundo Castillo', 'Walter Ayoví', 'Cristian Mora', 'José Cevallos', 'Marlon Mina', 'Jorge Guagua',
  'Miguel Ángel Ramírez', 'Jefferson Montero', 'Renato Ibarra', 'Juan Cazares', 'Fernando Gaibor', 'Washington Vera',
  'Lucas Romero', 'Franco Armani', 'Leandro Paredes', 'Nicolás González', 'Gonzalo Montiel', 'Rodrigo De Paul', 'Julián Álvarez',
  'Nicolás Otamendi', 'Agustín Rossi', 'Lucas Martínez', 'Nahuel Molina', 'Facundo Medina', 'Matías Rojas', 'Diego Valdés',
  'Gabriel Barbosa', 'Pedro Rocha', 'Bruno Henrique', 'Everton Ribeiro', 'Danilo Pereira', 'Gustavo Gómez', 'Felipe Melo',
  'Rodrigo Caio', 'Vitor Roque', 'Matheus Cunha', 'Douglas Costa', 'Lucas Moura', 'Danilo Barbosa', 'Thiago Silva',
  'Gabriel Martins', 'Rafael Santos', 'Diego Costa', 'Marcos Rocha', 'Guilherme Arana', 'Luis Díaz', 'Carlos Sánchez',
  'Jhon Córdoba', 'Daniel Muñoz', 'Yerson Mosquera', 'Jhon Arias', 'Juan Camilo Hernández', 'Andrés Felipe Román',
  'Diego Godín', 'Martín Cáceres', 'Federico Valverde', 'Sebastián Cáceres', 'Facundo Torres', 'Nicolás De La Cruz',
  'Maximiliano Gómez', 'Brian Rodríguez', 'Matías Vecino', 'Miguel Almirón', 'Julio Enciso', 'Ángel Romero', 'Óscar Romero',
  'Richard Sánchez', 'Gustavo Alonso', 'Diego Gómez', 'Alexis Sánchez', 'Marcelo Díaz', 'Claudio Bravo', 'Mauricio Isla',
  'Carlos Zambrano', 'Luis Advíncula', 'Pedro Gallese', 'André Carrillo', 'Christian Cueva', 'Yoshimar Yotún',
  'Luis Mago', 'Eduardo Bello', 'José Martínez', 'Yangel Herrera', 'Jhon Chancellor', 'Marcelo Martins', 'Henry Vaca',
  'Carlos Lampe', 'Luis Haquin', 'Ramiro Vaca', 'Érick Gutiérrez', 'Luis Chávez', 'César Montes', 'Israel Reyes',
  'Jesús Gallardo', 'Roberto Alvarado', 'Edson Álvarez', 'Santiago Giménez', 'Julián Quiñones', 'Tyler Adams',
  'Brandon Vázquez', 'Tim Weah', 'Zack Steffen', 'Matt Turner', 'Miles Robinson', 'Jordan Morris', 'Celso Borges',
  'Francisco Calvo', 'Joel Campbell', 'Kendall Waston', 'Johan Venegas', 'Randall Leal', 'Jewison Bennette',
  'Anthony Contreras', 'Orlando Galo', 'Youssef En-Nesyri', 'Ayoub El Kaabi', 'Jacob Shaffelburg', 'Kyle Larin',
  'Liam Millar', 'Derek Cornelius',
]);

/** Formations sides use, most common first. */
export const FORMATIONS = ['4-2-3-1', '4-3-3', '4-4-2', '4-1-4-1', '3-5-2', '5-3-2', '4-3-1-2', '3-4-3'] as const;
